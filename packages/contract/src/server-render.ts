import type { Language } from './language.js';

/** What the backend hands the web build's server bundle to render a page with its data. */

/** A query's key (see query-keys) and the data the page is rendered with. */
export type QuerySeed = [queryKey: readonly unknown[], data: unknown];

/**
 * The server bundle's export (frontend/src/entry-server.tsx, built to dist/server/entry-server.js):
 * the page at `path` in `language`, written into the web build's index.html (`template`), its
 * queries filled with `seeds` so that the app hydrates without fetching them again.
 */
export type RenderDocument = (
  template: string,
  path: string,
  language: Language,
  seeds: QuerySeed[],
) => Promise<string>;
