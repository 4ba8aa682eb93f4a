// Writes the public pages as HTML at build time, in Korean and English, into dist/server/prerender/:
// the first response then holds the page and its head tags (title, description, Open Graph,
// canonical, alternates) before any JavaScript runs. The backend serves these pages, and renders
// the pages that show stored data (home, blog, /try) per request with the same server bundle
// (dist/server/entry-server.js); for those, the files here hold the data's loading state.
// The page template, index.html as Vite wrote it, moves from the public files (dist/client) to
// dist/server too: it is a page only once the server has filled it in.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const client = join(root, 'dist', 'client');
const server = join(root, 'dist', 'server');
const ssrEntry = join(server, 'entry-server.js');
const templateFile = join(server, 'index.html');

/** Page file name -> the path rendered into it. */
export const PRERENDERED_PAGES = {
  index: '/',
  how: '/how',
  about: '/about',
  why: '/why',
  partner: '/partner',
  try: '/try',
  blog: '/blog',
  support: '/support',
  privacy: '/privacy',
  terms: '/terms',
  // Shells the server completes or answers with: a post (its head tags added per post) and 404.
  'blog-post': '/blog/__post__',
  'not-found': '/__not-found__',
};
const LANGUAGES = ['ko', 'en'];

if (existsSync(join(client, 'index.html'))) await rename(join(client, 'index.html'), templateFile);
const template = await readFile(templateFile, 'utf8');
const { renderDocument } = await import(pathToFileURL(ssrEntry).href);
await rm(join(server, 'prerender'), { recursive: true, force: true });

for (const language of LANGUAGES) {
  for (const [name, path] of Object.entries(PRERENDERED_PAGES)) {
    const file = join(server, 'prerender', language, `${name}.html`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, await renderDocument(template, path, language));
  }
}
console.log(`prerendered ${Object.keys(PRERENDERED_PAGES).length} pages x ${LANGUAGES.length} languages`);
