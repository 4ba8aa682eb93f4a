import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OutputBundle } from 'rolldown';
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
      handler(html, { bundle, chunk }) {
        const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        if (entries.length !== 1) throw new Error(`expected one entry script in index.html, found ${entries.length}`);
        for (const [tag] of [...entries, ...preloads]) html = html.replace(tag, '');
        if (!bundle || !chunk) throw new Error('the loader is only written into a built page');
        // Vite's own modulepreload tags name the entry's imports only; these are among the starting chunks.
        const starting = [...startingChunks(bundle, chunk.fileName)].map((file) => `/${file}`);
        const loader =
          `<script defer src="/${fileName}" data-entry="${entries[0][1]}" ` +
          `data-preload="${starting.join(' ')}"></script>`;
        return html.replace('</head>', `  ${loader}\n  </head>`);
      },
    },
  };
}

/**
 * Every chunk the app evaluates before it renders: the entry's imports and the libraries it loads
 * one by one (src/main.tsx), with theirs. A route's page is not among them: the app loads only the
 * current one (app/router.tsx).
 */
function startingChunks(bundle: OutputBundle, entry: string): Set<string> {
  const found = new Set([entry]);
  const visit = (file: string, followDynamic: boolean) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return;
    for (const imported of [...chunk.imports, ...(followDynamic ? chunk.dynamicImports : [])]) {
      if (found.has(imported)) continue;
      found.add(imported);
      visit(imported, false);
    }
  };
  visit(entry, true);
  found.delete(entry);
  return found;
}
