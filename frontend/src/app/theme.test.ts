import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { system } from './theme';

const sourceRoot = join(__dirname, '..');
/** Chakra's semantic colours (`fg.muted`, `bg.subtle`, ...): not palettes. */
const SEMANTIC_GROUPS = new Set(['fg', 'bg', 'border']);

/** Every colour palette the source names: `colorPalette="red"`, `colorPalette={a ? 'purple' : 'blue'}`, `'green.fg'`. */
function palettesNamedInSource(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  for (const file of files) {
    const source = readFileSync(join(sourceRoot, file), 'utf8');
    for (const [, name] of source.matchAll(/colorPalette[=:]\s*["']([a-z]+)["']/g)) names.add(name);
    for (const [, expression] of source.matchAll(/colorPalette=\{([^}]*)\}/g)) {
      for (const [, name] of expression.matchAll(/[?:]\s*'([a-z]+)'/g)) names.add(name);
    }
    for (const [, name] of source.matchAll(
      /["']([a-z]+)\.(?:fg|subtle|muted|emphasized|solid|contrast|focusRing|\d{2,3})["']/g,
    )) {
      if (!SEMANTIC_GROUPS.has(name)) names.add(name);
    }
  }
  return names;
}

describe('theme', () => {
  it('has every colour palette the site and the console name', () => {
    const named = palettesNamedInSource();
    expect(named).toEqual(expect.objectContaining(new Set(['rose', 'red', 'green'])));
    for (const palette of named) {
      expect({ palette, solid: system.token(`colors.${palette}.solid`) }).toEqual({
        palette,
        solid: expect.stringMatching(/^(#|white|black|var\()/),
      });
      expect({ palette, fg: system.token(`colors.${palette}.fg`) }).toEqual({ palette, fg: expect.any(String) });
    }
  });

  it('leaves out the palettes nothing names', () => {
    expect(system.token('colors.teal.500')).toBeUndefined();
    expect(system.token('colors.pink.solid')).toBeUndefined();
  });

  it('builds one, light, colour scheme: no dark set of variables', () => {
    const conditional = system.tokens.allTokens.filter(({ extensions }) =>
      Object.keys(extensions.conditions ?? {}).some((condition) => condition !== 'base'),
    );
    expect(conditional.map(({ name }) => name)).toEqual([]);
    expect([...system.tokens.cssVarMap.keys()]).toEqual(['base']);
    expect(system.tokens.cssVarMap.get('base')?.get('--chakra-colors-fg-muted')).toBe('var(--chakra-colors-gray-600)');
  });
});
