import type { Language } from '@giftcast/contract/language';
import type { QuerySeed, RenderDocument } from '@giftcast/contract/server-render';
import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { RenderedPages } from './rendered-pages';
import type { WebPages } from './web-pages';

/**
 * Renders the pages that show stored data per request, their data included, with the web build's
 * server bundle (dist/server/entry-server.js). Without the bundle (a development build) it renders
 * nothing, and those pages are served as prerendered shells whose data the app fetches.
 */
export class PageRenderer {
  // Rendering takes tens of milliseconds; the same data give the same page, so it is kept.
  private readonly rendered = new RenderedPages();

  private constructor(
    private readonly pages: WebPages,
    private readonly renderDocument: RenderDocument | null,
  ) {}

  static async load(pages: WebPages): Promise<PageRenderer> {
    const entry = pages.layout.serverBundle;
    if (!existsSync(entry)) return new PageRenderer(pages, null);
    try {
      // An ES module, which Node 24 loads where TypeScript's CommonJS output requires it.
      const { renderDocument } = (await import(entry)) as { renderDocument?: unknown };
      if (typeof renderDocument !== 'function') throw new Error('it exports no renderDocument');
      return new PageRenderer(pages, renderDocument as RenderDocument);
    } catch (error) {
      new Logger('Web').warn(`${entry} could not be loaded (${String(error)}); pages are served as shells`);
      return new PageRenderer(pages, null);
    }
  }

  /** The page at `path` (query included) in `language`, rendered with `seeds`; null without the bundle. */
  async render(path: string, language: Language, seeds: QuerySeed[]): Promise<string | null> {
    const render = this.renderDocument;
    if (!render) return null;
    return this.rendered.html(`${language} ${path}`, seeds, async () =>
      this.pages.localize(await render(this.pages.template, path, language, seeds)),
    );
  }
}
