import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PUBLIC_URL_PLACEHOLDER } from '@giftcast/contract/language';
import { webBuildLayout } from '../../src/web/web-pages';

/**
 * A web build as `npm run build -w frontend` lays it out (webBuildLayout), reduced to what the
 * backend reads: the app page and the prerendered pages in each language (head tags between the markers), without the
 * server bundle, so pages are served as they were prerendered. For WEB_ROOT; delete it after.
 */
export function tinyWebBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'giftcast-web-'));
  const page = (language: string, body: string) =>
    `<!doctype html><html lang="${language}" data-public-url="${PUBLIC_URL_PLACEHOLDER}"><head>` +
    `<!--page-head--><title>${body} | Giftcast</title><meta property="og:site_name" content="Giftcast"/>` +
    `<!--/page-head--></head><body><div id="root">${body}</div></body></html>`;
  const { publicFiles, template, prerendered } = webBuildLayout(root);
  mkdirSync(publicFiles, { recursive: true });
  mkdirSync(dirname(template), { recursive: true });
  writeFileSync(template, page('ko', ''));
  for (const language of ['ko', 'en']) {
    mkdirSync(join(prerendered, language), { recursive: true });
    for (const name of ['index', 'blog', 'blog-post', 'not-found']) {
      writeFileSync(join(prerendered, language, `${name}.html`), page(language, `${name} ${language}`));
    }
  }
  return root;
}
