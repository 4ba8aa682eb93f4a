import type { Plugin } from 'vite';

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

/** The two statements of Chakra 3.37's createSystem that this plugin rewrites, as they read there. */
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const LAZY =
  'let _globalCache;\n  const globalStyles = () => _globalCache ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';
const GETTER = '    get _global() { return globalStyles(); },\n';

/**
 * Chakra's createSystem builds the whole global style sheet (reset, base styles, a CSS variable
 * for every token) as soon as the app loads, though only ChakraProvider's <Global> reads it. A
 * prerendered page already carries that sheet and the app writes it no second time
 * (app/providers.tsx), so building it is a third of the theme's start-up work thrown away: a
 * getter builds it when first read instead. The build fails if Chakra's code no longer reads as
 * expected (after an upgrade), rather than shipping an unchanged, slower start.
 */
export function lazyChakraGlobalStyles(): Plugin {
  return {
    name: 'giftcast:lazy-chakra-global-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id)) return null;
      if (!code.includes(EAGER) || !code.includes(FIELD)) {
        throw new Error(`${id}: createSystem no longer reads as expected; update build/lazy-global-styles.ts`);
      }
      return { code: code.replace(EAGER, LAZY).replace(FIELD, GETTER), map: null };
    },
  };
}
