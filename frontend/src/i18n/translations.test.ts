import { i18n, type Language } from '../lib/i18n';
import { en, enAreas, ko, koAreas } from './dictionaries';

/** Every text with its key path; lists (steps, sections) count index by index. */
function entries(dictionary: object, prefix = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : typeof value === 'object' && value !== null
        ? entries(value, `${prefix}${key}.`)
        : [],
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const dictionaries = { ko, en };
const textsByKey = { ko: Object.fromEntries(entries(ko)), en: Object.fromEntries(entries(en)) };

/** A distinct value for each placeholder, so a misplaced one shows. */
const sampleValues = (text: string) => Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]));

/** What a text should read: its `$t(key)` texts put in, then its `{{values}}`, by plain replacement. */
function expectedText(language: Language, text: string, values: Record<string, string>): string {
  return text
    .replace(/\$t\(([^)]+)\)/g, (_, key: string) => expectedText(language, textsByKey[language][key], values))
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]);
}

/** `t` for keys built at run time. */
const translate = (language: Language) =>
  i18n.getFixedT(language) as unknown as (key: string, options?: Record<string, unknown>) => unknown;

describe('translations', () => {
  it('defines each top-level key in one area file only', () => {
    for (const areas of [koAreas, enAreas]) {
      const keys = areas.flatMap((area) => Object.keys(area));
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    }
  });

  it('English has exactly the keys of Korean', () => {
    expect(
      entries(en)
        .map(([key]) => key)
        .sort(),
    ).toEqual(
      entries(ko)
        .map(([key]) => key)
        .sort(),
    );
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const english = Object.fromEntries(entries(en));
    for (const [key, korean] of entries(ko)) {
      expect({ key, placeholders: placeholders(english[key]) }).toEqual({ key, placeholders: placeholders(korean) });
    }
  });

  it('names the brand only in the brand key; other texts refer to it', () => {
    for (const dictionary of [ko, en]) {
      const brand = dictionary.brand;
      const mentions = entries(dictionary).filter(([, text]) => text.includes(brand));
      expect(mentions.map(([key]) => key)).toEqual(['brand']);
    }
  });

  it.each(['ko', 'en'] as const)('renders every %s text as written, nested texts and values put in', (language) => {
    const t = translate(language);
    for (const [key, text] of entries(dictionaries[language])) {
      const values = sampleValues(text);
      expect({ key, text: t(key, values) }).toEqual({ key, text: expectedText(language, text, values) });
    }
  });

  it.each(['ko', 'en'] as const)('returns every %s list with returnObjects, each text rendered', (language) => {
    const t = translate(language);
    const lists = entries(dictionaries[language]).filter(([key]) => /\.\d+(\.|$)/.test(key));
    expect(lists.length).toBeGreaterThan(0);
    for (const [key, text] of lists) {
      const [, listKey, path] = /^(.+?)\.(\d+(?:\..+)?)$/.exec(key)!;
      const values = sampleValues(text);
      const list = t(listKey, { returnObjects: true, ...values });
      const rendered = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], list);
      expect({ key, text: rendered }).toEqual({ key, text: expectedText(language, text, values) });
    }
  });

  it('has no empty text', () => {
    for (const [key, text] of [...entries(ko), ...entries(en)]) {
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    }
  });
});
