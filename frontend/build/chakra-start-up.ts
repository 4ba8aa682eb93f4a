import type { Plugin } from 'vite';

/** Chakra 3.37's modules this file rewrites, and the statements it rewrites, as they read there. */
const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const TOKEN_DICTIONARY_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;

/** Runs a function written in steps (a generator) to its end, at once. */
const RUN_TO_END = `
function runToEnd(steps) {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}`;

type Rewrite = [from: string, to: string];

/**
 * Rewrites a library module on its way into the bundle. The build fails if any statement no
 * longer reads as expected (after an upgrade), rather than shipping an unchanged, slower start.
 */
function rewriteModule(name: string, module: RegExp, rewrites: Rewrite[], appended = ''): Plugin {
  return {
    name: `giftcast:${name}`,
    enforce: 'pre',
    transform(code, id) {
      if (!module.test(id)) return null;
      for (const [from, to] of rewrites) {
        if (!code.includes(from)) throw new Error(`${id} no longer reads as expected; update build/chakra-start-up.ts`);
        code = code.replace(from, to);
      }
      return { code: code + appended, map: null };
    },
  };
}

/**
 * Chakra's createSystem builds the whole global style sheet (reset, base styles, a CSS variable
 * for every token) as soon as the app loads, though only ChakraProvider's <Global> reads it. A
 * prerendered page already carries that sheet and the app writes it no second time
 * (app/providers.tsx), so building it is a third of the theme's start-up work thrown away: a
 * getter builds it when first read instead.
 */
const lazyGlobalStyles: Rewrite[] = [
  [
    'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
    'let _globalCache;\n  const globalStyles = () => _globalCache ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];',
  ],
  ['    _global,\n', '    get _global() { return globalStyles(); },\n'],
];

/**
 * What remains of createSystem (merging the configs, a token dictionary of several hundred
 * tokens, the style utilities) is still the largest single piece of work in starting the app, too
 * long for one task on a phone. Both functions are rewritten as generators that pause between
 * their steps; `createSystem.inSteps(...configs)` hands out those steps (app/theme.ts runs each in
 * a task of its own), and createSystem itself still runs them all at once, as before.
 */
const systemInSteps: Rewrite[] = [
  ['function createSystem(...configs) {', 'function* createSystemInSteps(...configs) {'],
  ['  const config = mergeConfigs(...configs);\n', '  const config = mergeConfigs(...configs);\n  yield;\n'],
  ['  const tokens = createTokenDictionary({', '  const tokens = yield* createTokenDictionary.inSteps({'],
  ['    config: utilities,\n    tokens\n  });\n', '    config: utilities,\n    tokens\n  });\n  yield;\n'],
  ['  const tokenMap = getTokenMap(tokens);', '  yield;\n  const tokenMap = getTokenMap(tokens);'],
];

const tokenDictionaryInSteps: Rewrite[] = [
  ['function createTokenDictionary(options) {', 'function* createTokenDictionaryInSteps(options) {'],
  [
    `  function build() {
    applyMiddlewares("pre");
    applyTransforms("pre");
    addConditionalTokens();
    addReferences();
    expandTokenReferences$1();
    applyMiddlewares("post");
    applyTransforms("post");
    setupViews();
  }`,
    `  function* build() {
    applyMiddlewares("pre");
    yield;
    applyTransforms("pre");
    addConditionalTokens();
    yield;
    addReferences();
    expandTokenReferences$1();
    yield;
    applyMiddlewares("post");
    applyTransforms("post");
    yield;
    setupViews();
  }`,
  ],
  ['  registerTokens();\n', '  registerTokens();\n  yield;\n'],
  ['  build();\n  return dictionary;', '  yield* build();\n  return dictionary;'],
];

const syncEntry = (name: string, steps: string) => `
${RUN_TO_END}
function ${name}(...args) {
  return runToEnd(${steps}(...args));
}
${name}.inSteps = ${steps};
`;

/** Chakra's start-up in the browser, made lighter (global styles) and divisible (the system). */
export function chakraStartUp(): Plugin[] {
  return [
    rewriteModule(
      'chakra-system',
      SYSTEM_MODULE,
      [...lazyGlobalStyles, ...systemInSteps],
      syncEntry('createSystem', 'createSystemInSteps'),
    ),
    rewriteModule(
      'chakra-token-dictionary',
      TOKEN_DICTIONARY_MODULE,
      tokenDictionaryInSteps,
      syncEntry('createTokenDictionary', 'createTokenDictionaryInSteps'),
    ),
  ];
}
