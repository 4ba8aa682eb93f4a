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

describe('translations', () => {
  it('defines each top-level key in one area file only', () => {
    for (const areas of [koAreas, enAreas]) {
      const keys = areas.flatMap((area) => Object.keys(area));
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    }
  });

  it('English has exactly the keys of Korean', () => {
    expect(entries(en).map(([key]) => key).sort()).toEqual(entries(ko).map(([key]) => key).sort());
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

  it('has no empty text', () => {
    for (const [key, text] of [...entries(ko), ...entries(en)]) {
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    }
  });
});
