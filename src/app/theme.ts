import {
  Combobox,
  createTheme,
  darken,
  DEFAULT_THEME,
  Drawer,
  Modal,
  Notification,
  type CSSVariablesResolver,
} from '@mantine/core';

/**
 * The shade of the primary colour for filled buttons, links and outlines: blue 8 gives white text
 * 5:1 on a filled button and 5:1 for a link on white (blue 6, Mantine's default, gives 3.6:1;
 * WCAG 2.1 AA asks 4.5:1 for text). Dark keeps blue 8 under white text too.
 */
const PRIMARY_SHADE = { light: 8, dark: 8 } as const;

/**
 * How much darker than shade 9 coloured text on a light tint is (light and subtle variants, and
 * `c="green"` text) in the light scheme: shade 9 on shade 1 is under 4.5:1 for green, teal, lime,
 * yellow and orange; 30 % darker is at least 4.5:1 for every colour of the palette.
 */
const TINT_TEXT_DARKEN = 0.3;

/**
 * The light scheme's grey for dimmed text and the dark scheme's: at least 4.5:1 on the white, grey-0
 * and grey-1 backgrounds (light) and on dark 5 to 7 (dark). Mantine's own (grey 6, dark 2) give 3.3:1.
 */
const DIMMED = { light: '#5c636a', dark: DEFAULT_THEME.colors.dark[1] };

/**
 * Input borders and the focus ring are UI parts: 3:1 against the background (WCAG 1.4.11). Grey 6
 * on white is 3.3:1, dark 2 on the dark input 3.5:1; the ring is the filled blue on light (5:1) and
 * blue 4 on dark (6:1; blue 8 would be 2.7:1 on a dark input).
 */
const INPUT_BORDER = { light: DEFAULT_THEME.colors.gray[6], dark: DEFAULT_THEME.colors.dark[2] };
const FOCUS_RING = { light: DEFAULT_THEME.colors.blue[8], dark: DEFAULT_THEME.colors.blue[4] };

/** Each palette colour's text on its tint, in the light scheme, darkened to 4.5:1 (see above). */
function tintTextVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const text = darken(shades[9], TINT_TEXT_DARKEN);
    variables[`--mantine-color-${name}-light-color`] = text;
    variables[`--mantine-color-${name}-text`] = text;
  }
  // The primary colour's text is the filled buttons' blue (5:1 on white), not a navy.
  variables['--mantine-color-blue-text'] = DEFAULT_THEME.colors.blue[PRIMARY_SHADE.light];
  return variables;
}

/** The colour variables that make text 4.5:1 and UI parts 3:1 in both schemes (MantineProvider's). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...tintTextVariables(),
    '--mantine-color-dimmed': DIMMED.light,
    // Red 9 on white is 5.6:1 (red 6, the default, 3.3:1); placeholders are text too.
    '--mantine-color-error': DEFAULT_THEME.colors.red[9],
    '--mantine-color-placeholder': DIMMED.light,
    '--carequeue-input-border': INPUT_BORDER.light,
    '--carequeue-focus-ring': FOCUS_RING.light,
  },
  dark: {
    '--mantine-color-dimmed': DIMMED.dark,
    // Red 8 on the dark body is 3.4:1; red 4 is 6.7:1.
    '--mantine-color-error': DEFAULT_THEME.colors.red[4],
    '--mantine-color-placeholder': DEFAULT_THEME.colors.dark[2],
    '--mantine-color-anchor': DEFAULT_THEME.colors.blue[4],
    '--carequeue-input-border': INPUT_BORDER.dark,
    '--carequeue-focus-ring': FOCUS_RING.dark,
  },
});

/**
 * A dialog's, panel's or toast's close button is a 44 × 44 px target with its cross drawn at the usual size.
 * Its 8 px margins outward keep the header as tall as with Mantine's 28 px button, and the cross where
 * it was: a taller header left a dialog's drop-down no room under its field.
 */
const CLOSE_TARGET = { size: 44, iconSize: 18, my: -8, me: -8 } as const;

/** The compact theme: tablet-sized controls and the product's colours, WCAG 2.1 AA in both schemes. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: PRIMARY_SHADE,
  // A filled button of any colour gets black or white text, whichever contrasts more: the two are
  // equal at a background luminance of about 0.18 (white on green 8 is 3.5:1, black 6:1).
  autoContrast: true,
  luminanceThreshold: 0.18,
  // The ring shows for keyboard focus (:focus-visible), not for a tap; its colour is set in
  // accessibility.css so it is 3:1 on both schemes.
  focusRing: 'auto',
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
    // A button with only an icon has a name a screen reader can say.
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog', ...CLOSE_TARGET } },
    }),
    Drawer: Drawer.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close panel', ...CLOSE_TARGET } },
    }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification', ...CLOSE_TARGET } },
    }),
  },
});
