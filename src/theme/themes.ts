import { breakpoints, fonts, radii } from './tokens';

export type ThemeName = 'primaryTheme' | 'carrierTheme';

export type Palette = {
  primary: string;
  primaryContrast: string;
  success: string;
  warning: string;
  error: string;
  yellow: string;
  background: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  textMuted: string;
  border: string;
  menu: string;
  menuText: string;
  menuActive: string;
  focus: string;
};

export type AppTheme = {
  name: ThemeName;
  colors: Palette;
  breakpoints: typeof breakpoints;
  radii: typeof radii;
  fonts: typeof fonts;
};

// Colours chosen for WCAG AA contrast of text on background and surface.
export const primaryTheme: AppTheme = {
  name: 'primaryTheme',
  colors: {
    primary: '#1d5fd1',
    primaryContrast: '#ffffff',
    success: '#1e7b3a',
    warning: '#9a5b00',
    error: '#b3261e',
    yellow: '#f2c200',
    background: '#f4f6fa',
    surface: '#ffffff',
    surfaceAlt: '#eef2f8',
    text: '#1b2330',
    textMuted: '#4d5869',
    border: '#cdd5e1',
    menu: '#0f2747',
    menuText: '#e6ecf5',
    menuActive: '#1f58c0',
    focus: '#c77700',
  },
  breakpoints,
  radii,
  fonts,
};

// The carrier-branded theme: dark surfaces, the same semantic roles.
export const carrierTheme: AppTheme = {
  name: 'carrierTheme',
  colors: {
    primary: '#7cb4ff',
    primaryContrast: '#0b1320',
    success: '#5fd18a',
    warning: '#f3b65b',
    error: '#ff8a80',
    yellow: '#ffd84d',
    background: '#0e141d',
    surface: '#17202c',
    surfaceAlt: '#1f2a39',
    text: '#e8edf5',
    textMuted: '#aab5c5',
    border: '#34425a',
    menu: '#0a0f16',
    menuText: '#d9e2ef',
    menuActive: '#2f5f9e',
    focus: '#ffd84d',
  },
  breakpoints,
  radii,
  fonts,
};

export const themes: Record<ThemeName, AppTheme> = { primaryTheme, carrierTheme };
export const defaultThemeName: ThemeName = 'primaryTheme';
