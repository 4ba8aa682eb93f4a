import { createBrowserStyleCache, hasServerGlobalStyles, markServerStyleTags } from './style-cache';

const serverTags = markServerStyleTags(
  '<style data-emotion="gc-global 1a">html{margin:0}</style>' +
    '<style data-emotion="gc one two">.gc-one{color:red}.gc-two{color:blue}</style>',
);

describe('the browser style cache on a prerendered page', () => {
  beforeEach(() => {
    document.head.innerHTML = `<meta charset="utf-8">${serverTags}<title>page</title>`;
  });

  it('knows the server’s rules and keeps its tags where they are', () => {
    const before = [...document.head.children];
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((r) => removed.push(...r.removedNodes)));
    observer.observe(document.head, { childList: true });

    const cache = createBrowserStyleCache();
    observer.disconnect();

    expect(cache.inserted).toMatchObject({ one: true, two: true });
    expect(removed).toEqual([]);
    expect([...document.head.children]).toEqual(before);
    expect(hasServerGlobalStyles()).toBe(true);
  });

  it('writes a rule the server did not send in a new tag right after the server’s', () => {
    const cache = createBrowserStyleCache();
    // What Emotion does for a class it has not inserted yet (Emotion's own insertStyles).
    const insertClass = (name: string, styles: string) => {
      if (!cache.inserted[name]) cache.insert(`.gc-${name}`, { name, styles, next: undefined }, cache.sheet, true);
    };

    insertClass('three', 'color:green;');
    insertClass('one', 'color:red;');

    // A tag's rules, from its text (the server's) or inserted through the CSS object model.
    const rulesOf = (tag: HTMLStyleElement) => [...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join('');
    const tags = [...document.head.querySelectorAll('style')];
    expect(tags).toHaveLength(3);
    expect(rulesOf(tags[2])).toMatch(/\.gc-three\s*\{\s*color:\s*green/);
    expect(tags[2].nextElementSibling?.tagName).toBe('TITLE');
    expect(tags.map(rulesOf).join('')).not.toMatch(/color:\s*red[^]*color:\s*red/);
  });

  it('finds no server styles on a page rendered in the browser alone', () => {
    document.head.innerHTML = '<title>page</title>';
    expect(hasServerGlobalStyles()).toBe(false);
    expect(createBrowserStyleCache().sheet.tags).toEqual([]);
  });
});
