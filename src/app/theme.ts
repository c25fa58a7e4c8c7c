import { createTheme } from '@mantine/core';

/** The compact theme: tablet-sized controls and the product's colours. */
export const theme = createTheme({
  primaryColor: 'blue',
  fontSizes: {
    xs: '0.6875rem',
    sm: '0.875rem',
    md: '0.875rem',
    lg: '1rem',
    xl: '1.125rem',
  },
  headings: {
    sizes: {
      h1: { fontSize: '1.125rem', fontWeight: '500' },
    },
  },
});
