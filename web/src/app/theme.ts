import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The brand: a deep teal (trust, calm, "go") on warm neutrals. `colorPalette="brand"` works on any
 * Chakra component because the palette defines the same semantic slots as Chakra's own.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg' },
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

export const system = createSystem(defaultConfig, config);
