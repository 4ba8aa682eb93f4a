import { createHash } from 'node:crypto';

/** How many pages (a path in one language) keep their rendering; the oldest is dropped first. */
export const RENDERED_PAGES_KEPT = 500;

interface Rendering {
  /** Digest of the data the page was rendered with. */
  data: string;
  html: Promise<string>;
}

/**
 * The latest rendering of each page in each language, kept while the data it shows stays the
 * same. Data that changed seldom changes back (the QR codes /try offers change with every
 * recording), so a page's older rendering is replaced rather than kept beside the new one, where
 * a busy /try would crowd every other page out. Requests that arrive while a page renders share
 * that rendering.
 */
export class RenderedPages {
  private readonly renderings = new Map<string, Rendering>();

  constructor(private readonly kept = RENDERED_PAGES_KEPT) {}

  get size(): number {
    return this.renderings.size;
  }

  html(page: string, data: unknown, render: () => Promise<string>): Promise<string> {
    const digest = createHash('sha256').update(JSON.stringify(data)).digest('base64');
    const kept = this.renderings.get(page);
    if (kept?.data === digest) return kept.html;

    const rendering: Rendering = { data: digest, html: render() };
    this.renderings.delete(page);
    if (this.renderings.size >= this.kept) this.renderings.delete(this.renderings.keys().next().value as string);
    this.renderings.set(page, rendering);
    // A failed rendering is not kept: the next request tries again.
    rendering.html.catch(() => {
      if (this.renderings.get(page) === rendering) this.renderings.delete(page);
    });
    return rendering.html;
  }
}
