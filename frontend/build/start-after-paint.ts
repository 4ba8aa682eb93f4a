import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The built page names its scripts in one small classic script (start-after-paint.js) that
 * loads them once the prerendered page has been painted, instead of module and modulepreload tags
 * the browser fetches while it still works on the first paint.
 */
export function startAfterFirstPaint(): Plugin {
  const source = readFileSync(new URL('start-after-paint.js', import.meta.url), 'utf8');
  const fileName = `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'giftcast:start-after-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        if (entries.length !== 1) throw new Error(`expected one entry script in index.html, found ${entries.length}`);
        for (const [tag] of [...entries, ...preloads]) html = html.replace(tag, '');
        const loader =
          `<script defer src="/${fileName}" data-entry="${entries[0][1]}" ` +
          `data-preload="${preloads.map(([, href]) => href).join(' ')}"></script>`;
        return html.replace('</head>', `  ${loader}\n  </head>`);
      },
    },
  };
}
