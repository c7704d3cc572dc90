import { alpha, createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';

/** Phones and small tablets: the shell switches to a top bar, a temporary drawer and a banner. */
export const MOBILE_MAX_WIDTH = 955;
export const MOBILE_QUERY = `@media (max-width:${MOBILE_MAX_WIDTH}px)`;
export const MOBILE_MEDIA = `(max-width:${MOBILE_MAX_WIDTH}px)`;
export const DRAWER_WIDTH = 240;
export const CONTENT_MAX_WIDTH = 1450;

const brand = {
  navy: '#0a2a66',
  blue: '#0b3a8c',
  light: '#3d6fd1',
  accent: '#f5a623',
};

const fontFamily = [
  'Inter',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Liberation Sans"',
  'sans-serif',
].join(',');

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: brand.blue, dark: brand.navy, light: brand.light, contrastText: '#ffffff' },
    secondary: { main: brand.accent, contrastText: '#1f1400' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    text: { primary: '#14213d', secondary: '#55607a' },
    divider: '#e3e8f2',
    // Dark enough for white text on a filled chip and for outlined text on white (WCAG AA, 4.5:1).
    success: { main: '#178051' },
    warning: { main: '#a86400' },
    error: { main: '#c62828' },
    info: { main: '#1f6fd1' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontSize: '1.875rem', fontWeight: 700, letterSpacing: '-0.015em' },
    h3: { fontSize: '1.5rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h4: { fontSize: '1.375rem', fontWeight: 700 },
    h5: { fontSize: '1.125rem', fontWeight: 600 },
    h6: { fontSize: '1rem', fontWeight: 600 },
    subtitle1: { fontWeight: 500 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        '#root': { minHeight: '100vh' },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8, paddingInline: 16 },
        sizeLarge: { paddingBlock: 10, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 16,
          border: '1px solid #e3e8f2',
          boxShadow: '0 1px 2px rgba(16, 32, 72, 0.04), 0 4px 16px rgba(16, 32, 72, 0.04)',
        },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10, alignItems: 'center' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 8, backgroundColor: '#fff' } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          marginInline: 8,
          marginBlock: 2,
          '&.Mui-selected': {
            backgroundColor: alpha(brand.blue, 0.1),
            color: brand.blue,
            '& .MuiListItemIcon-root': { color: brand.blue },
          },
          '&.Mui-selected:hover': { backgroundColor: alpha(brand.blue, 0.14) },
        },
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 38 } } },
    MuiDataGrid: {
      styleOverrides: {
        root: { backgroundColor: '#fff', borderRadius: 12, border: '1px solid #e3e8f2' },
        columnHeaders: { backgroundColor: '#f7f9fd' },
      },
    },
  },
});
