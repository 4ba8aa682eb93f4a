// The documentation a newcomer follows: the README stays short, and every relative link in it and
// in docs/*.md names a file of the repository (and, with a #fragment, a heading of that page).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';

const repo = join(import.meta.dirname, '..');
const pages = [
  'README.md',
  ...readdirSync(join(repo, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Markdown links and images, `[text](target)`, outside code blocks and code spans. */
function linksOf(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map(([, target]) => target);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const prose = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading]) => anchorOf(heading)));
}

test('the README stays short: 170 lines at most', () => {
  const lines = readFileSync(join(repo, 'README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines <= 170, `README.md has ${lines} lines; move detail into docs/`);
});

test('the README links every page of docs/', () => {
  const links = new Set(linksOf(readFileSync(join(repo, 'README.md'), 'utf8')).map((l) => l.split('#')[0]));
  assert.deepEqual(
    pages.filter((page) => page.startsWith('docs/') && !links.has(page)),
    [],
  );
});

for (const page of pages) {
  test(`every relative link in ${page} names an existing file and heading`, () => {
    const broken = [];
    for (const target of linksOf(readFileSync(join(repo, page), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
      const [path, fragment] = target.split('#');
      const file = path ? join(dirname(join(repo, page)), decodeURI(path)) : join(repo, page);
      if (!existsSync(file)) {
        broken.push(`${target}: no file ${relative(repo, file)}`);
      } else if (fragment !== undefined && file.endsWith('.md') && !anchorsOf(file).has(fragment)) {
        broken.push(`${target}: no heading #${fragment} in ${relative(repo, file)}`);
      }
    }
    assert.deepEqual(broken, []);
  });
}
