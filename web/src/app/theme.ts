import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  pinInputSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  stepsSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  timelineSlotRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components the app renders (Chakra's own,
 * and chakra-react-select's select and tag), instead of `defaultConfig`'s eighty: the others were
 * in every page's first load (docs/performance.md, "Web bundle"). A component whose recipe is
 * missing renders unstyled, without an error: the web tests fail when a rendered component asks
 * for a default recipe this list lacks (web/test/testing-library.ts).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      pinInput: pinInputSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      select: selectSlotRecipe,
      steps: stepsSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      timeline: timelineSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The brand: a deep teal (trust, calm, "go") on warm neutrals. `colorPalette="brand"` works on any
 * Chakra component because the palette defines the same semantic slots as Chakra's own.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
    // iOS Safari zooms the page into any text field under 16 px when it is tapped (and stays
    // zoomed). Below the md breakpoint every field is 16 px, whatever its recipe's size says:
    // `!important` because the recipes' layer comes after this one (docs/accessibility.md).
    'input, textarea, select, [contenteditable="true"]': {
      '@media screen and (max-width: 47.98rem)': { fontSize: '16px !important' },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter Variable', Inter, 'Segoe UI', system-ui, -apple-system, sans-serif" },
        body: { value: "'Inter Variable', Inter, 'Segoe UI', system-ui, -apple-system, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#e8f6f4' },
          100: { value: '#c5e9e4' },
          200: { value: '#98d8cf' },
          300: { value: '#63c1b5' },
          400: { value: '#33a798' },
          500: { value: '#168d7f' },
          600: { value: '#0e7368' },
          700: { value: '#0b5c54' },
          800: { value: '#094943' },
          900: { value: '#073a35' },
          950: { value: '#04231f' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), config);
