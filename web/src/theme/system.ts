import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * One theme for the whole app: a single brand colour (indigo), neutral greys from Chakra's defaults,
 * and one semantic token group per status the spec names, so a status never picks its own colour.
 */
const statusToken = (scale: 'yellow' | 'green' | 'red' | 'blue' | 'orange' | 'gray') => ({
  fg: { value: { _light: `{colors.${scale}.800}`, _dark: `{colors.${scale}.200}` } },
  bg: { value: { _light: `{colors.${scale}.100}`, _dark: `{colors.${scale}.900}` } },
  border: { value: { _light: `{colors.${scale}.300}`, _dark: `{colors.${scale}.700}` } },
  solid: { value: { _light: `{colors.${scale}.500}`, _dark: `{colors.${scale}.400}` } },
});

const config = defineConfig({
  globalCss: {
    html: {
      colorPalette: 'brand',
      scrollBehavior: 'smooth',
      '@media (prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' },
    },
    body: { bg: 'bg', color: 'fg', minHeight: '100dvh', fontFeatureSettings: '"tnum" 1' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
      colors: {
        brand: {
          50: { value: '#eef2ff' },
          100: { value: '#e0e7ff' },
          200: { value: '#c7d2fe' },
          300: { value: '#a5b4fc' },
          400: { value: '#818cf8' },
          500: { value: '#6366f1' },
          600: { value: '#4f46e5' },
          700: { value: '#4338ca' },
          800: { value: '#3730a3' },
          900: { value: '#312e81' },
          950: { value: '#1e1b4b' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's own error text is red.500, 3.8:1 on white: below WCAG AA for the small text under a form field.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        // The seven keys every Chakra colour palette needs, so `colorPalette="brand"` works on any component.
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
        status: {
          pending: statusToken('yellow'),
          completed: statusToken('green'),
          cancelled: statusToken('red'),
          failed: statusToken('red'),
          processing: statusToken('blue'),
          stuck: statusToken('orange'),
          // A label that is voided or refunded: settled, nothing left to do, so it reads quieter than any live status.
          neutral: statusToken('gray'),
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);

export type StatusTone = 'pending' | 'completed' | 'cancelled' | 'failed' | 'processing' | 'stuck' | 'neutral';
