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
} from '@chakra-ui/react/theme';

// Tokens and semantic tokens are Chakra's defaults; component recipes are registered one by
// one so the bundle carries only the styles of components we render.
// A Chakra component whose recipe is missing here renders unstyled: add its recipe below.

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
        ...tokens.colors,
        rose: Object.fromEntries(Object.entries(rose).map(([k, value]) => [k, { value }])),
      },
      fonts: {
        ...tokens.fonts,
        body: { value: fontStack },
        heading: { value: fontStack },
      },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        rose: {
          contrast: { value: { _light: 'white', _dark: 'white' } },
          fg: { value: { _light: '{colors.rose.700}', _dark: '{colors.rose.300}' } },
          subtle: { value: { _light: '{colors.rose.50}', _dark: '{colors.rose.950}' } },
          muted: { value: { _light: '{colors.rose.100}', _dark: '{colors.rose.900}' } },
          emphasized: { value: { _light: '{colors.rose.200}', _dark: '{colors.rose.800}' } },
          solid: { value: { _light: '{colors.rose.600}', _dark: '{colors.rose.600}' } },
          focusRing: { value: { _light: '{colors.rose.500}', _dark: '{colors.rose.500}' } },
          border: { value: { _light: '{colors.rose.200}', _dark: '{colors.rose.800}' } },
        },
      },
    },
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
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
