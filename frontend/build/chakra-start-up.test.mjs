// The app's theme module bundled as the web build bundles it (vite.config.ts, Chakra rewritten by
// build/chakra-start-up.ts), then run: the system it builds in steps is the one createSystem builds.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const outDir = mkdtempSync(join(tmpdir(), 'giftcast-chakra-start-up-'));
let bundle;

before(async () => {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: {
      ssr: join(root, 'build/chakra-start-up.fixture.ts'),
      outDir,
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: 'entry.mjs' } },
    },
  });
  bundle = await import(pathToFileURL(join(outDir, 'entry.mjs')).href);
});

after(() => rmSync(outDir, { recursive: true, force: true }));

test('the theme builds its system in several steps, pausing between them', async () => {
  let pauses = 0;
  await bundle.buildSystemsInSteps(async () => {
    pauses++;
  });
  assert.ok(pauses >= 6, `paused ${pauses} times`);
  // Built once: getSystems() hands out that system, and a second build does nothing.
  const { system } = bundle.getSystems();
  await bundle.buildSystemsInSteps(async () => assert.fail('built again'));
  assert.equal(bundle.getSystems().system, system);
});

test('the system built in steps is the one createSystem builds at once', () => {
  const { system } = bundle.getSystems();
  const atOnce = bundle.createSystem(system._config);
  const style = {
    p: '4',
    color: 'rose.600',
    fontSize: { base: 'md', md: 'xl' },
    _hover: { bg: 'colorPalette.subtle' },
  };
  assert.deepEqual(system.css(style), atOnce.css(style));
  assert.equal(system.tokens.allTokens.length, atOnce.tokens.allTokens.length);
  assert.deepEqual(system.getTokenCss(), atOnce.getTokenCss());
  assert.deepEqual(
    system.getRecipeFn('button')({ size: 'lg', variant: 'outline' }),
    atOnce.getRecipeFn('button')({ size: 'lg', variant: 'outline' }),
  );
});

test('the global style sheet is built only when read', () => {
  const { system, withoutGlobalStyles } = bundle.getSystems();
  assert.equal(typeof Object.getOwnPropertyDescriptor(system, '_global').get, 'function');
  assert.equal(system._global.length, 3);
  assert.deepEqual(withoutGlobalStyles._global, []);
});
