import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageLanguage } from './web-pages';

/** A query's key and the data to render with (frontend/src/lib/query-seed.ts). */
export type QuerySeed = [queryKey: readonly unknown[], data: unknown];

/** frontend/src/entry-server.tsx's renderDocument. */
export type RenderDocument = (
  template: string,
  path: string,
  language: PageLanguage,
  seeds: QuerySeed[],
) => Promise<string>;

// The bundle is an ES module; TypeScript compiled to CommonJS would turn import() into require().
const importModule = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<{ renderDocument?: RenderDocument }>;

/**
 * The web build's server bundle (dist/ssr/entry-server.js), with which the pages that show stored
 * data are rendered per request, their data included. Without it (a development build) those
 * pages are served as prerendered shells whose data the app fetches.
 */
export async function loadPageRenderer(webRoot: string): Promise<RenderDocument | null> {
  const entry = join(webRoot, 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  try {
    const { renderDocument } = await importModule(pathToFileURL(entry).href);
    if (typeof renderDocument !== 'function') throw new Error('it exports no renderDocument');
    return renderDocument;
  } catch (error) {
    new Logger('Web').warn(`${entry} could not be loaded (${String(error)}); pages are served as shells`);
    return null;
  }
}
