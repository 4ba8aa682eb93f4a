import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  progressSlotRecipe,
  semanticTokens,
  skipNavLinkRecipe,
  spinnerRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

// Tokens and semantic tokens are Chakra's defaults, cut to what the site uses; component recipes
// are registered one by one so the bundle carries only the styles of components we render.
// A Chakra component whose recipe is missing here renders unstyled: add its recipe below.
//
// Every token costs the visitor's phone work before the page responds: the system turns each into
// a CSS variable when the app starts, and the page carries them in its first style tag.

/** Palettes nothing on the site or in the console names (`colorPalette`, `green.fg`, ...). */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'pink']);

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * The site has one colour scheme, the light one (nothing sets Chakra's `.dark` class): each
 * semantic token keeps its light value only, and no dark set of variables is built or sent.
 */
function lightOnly<T>(node: T): T {
  if (typeof node !== 'object' || node === null) return node;
  if ('value' in node && typeof node.value === 'object' && node.value !== null && '_light' in node.value) {
    return { ...node, value: node.value._light };
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

const rose = {
  50: '#fff1f2',
  100: '#ffe4e6',
  200: '#fecdd3',
  300: '#fda4af',
  400: '#fb7185',
  500: '#f43f5e',
  600: '#e11d48',
  700: '#be123c',
  800: '#9f1239',
  900: '#881337',
  950: '#4c0519',
};

const fontStack = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Apple SD Gothic Neo"',
  'Pretendard',
  '"Noto Sans KR"',
  '"Malgun Gothic"',
  '"Segoe UI"',
  'Roboto',
  'sans-serif',
].join(', ');

const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: {
      ...globalCss.html,
      colorPalette: 'rose',
      scrollPaddingTop: '4.5rem', // anchors land below the sticky header
    },
    body: {
      wordBreak: 'keep-all', // Korean wraps at word boundaries, not mid-word
      overflowWrap: 'anywhere',
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: {
        ...withoutUnusedPalettes(tokens.colors),
        rose: Object.fromEntries(Object.entries(rose).map(([k, value]) => [k, { value }])),
      },
      fonts: {
        ...tokens.fonts,
        body: { value: fontStack },
        heading: { value: fontStack },
      },
    },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...withoutUnusedPalettes(semanticTokens.colors),
        rose: {
          contrast: { value: 'white' },
          fg: { value: '{colors.rose.700}' },
          subtle: { value: '{colors.rose.50}' },
          muted: { value: '{colors.rose.100}' },
          emphasized: { value: '{colors.rose.200}' },
          solid: { value: '{colors.rose.600}' },
          focusRing: { value: '{colors.rose.500}' },
          border: { value: '{colors.rose.200}' },
        },
      },
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      progress: progressSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** The Chakra system: Chakra's base configuration with the site's tokens and recipes. */
export const system = createSystem(defaultBaseConfig, config);
