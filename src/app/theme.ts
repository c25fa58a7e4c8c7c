import { Combobox, createTheme } from '@mantine/core';

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
  components: {
    // A closed list of options is not in the page: kept mounted, every select and the header's
    // search drew their options and positioned their hidden dropdowns on each render.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
  },
});
