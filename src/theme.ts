import type { ThemeOptions } from '@mui/material/styles';

// Someone who has asked their system for less motion gets none: no fades, slides or ripples (WCAG 2.3.3).
const reducedMotion = typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
const still: ThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

/** The foundation's look, shared by the admin and the portal. Colours pass WCAG AA on white. */
export const brand: ThemeOptions = {
  ...(reducedMotion ? still : {}),
  palette: {
    primary: { main: '#0b4f6c', contrastText: '#ffffff' },
    secondary: { main: '#8a1c3c', contrastText: '#ffffff' },
    // Darker than MUI's red, so delete buttons pass 4.5:1 on react-admin's grey form toolbar too.
    error: { main: '#b3261e', contrastText: '#ffffff' },
    // Darker than MUI's orange, so an outlined warning (a signal's chip) passes 4.5:1 on white and on a row's hover.
    warning: { main: '#8a4f00', contrastText: '#ffffff' },
    background: { default: '#f5f7f8' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  shape: { borderRadius: 8 },
};
