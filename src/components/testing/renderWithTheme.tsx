import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { primaryTheme, type AppTheme } from '../../theme/themes';

// Test helper: components read props.theme, so tests render them inside a ThemeProvider.
export function renderWithTheme(ui: ReactElement, theme: AppTheme = primaryTheme, options?: RenderOptions) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>{children}</ThemeProvider>
  );
  return render(ui, { wrapper, ...options });
}
