import { useEffect, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { selectThemeName } from '../app/preferences/preferencesSlice';
import { GlobalStyle } from './GlobalStyle';
import { themes } from './themes';

/** Applies the stored layout theme (preferences slice), the global styles and <html data-theme>. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const name = useSelector(selectThemeName);
  // Exposed on <html> for page-level CSS hooks and browser tests.
  useEffect(() => {
    document.documentElement.dataset.theme = name;
  }, [name]);
  return (
    <ThemeProvider theme={themes[name]}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
