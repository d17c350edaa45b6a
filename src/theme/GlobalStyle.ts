import { createGlobalStyle } from 'styled-components';
import { visuallyHidden } from './visuallyHidden';

// Page-wide rules: fonts (Poppins primary, Roboto secondary), colours of the active theme, visible focus.
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  html {
    color-scheme: ${({ theme }) => (theme.name === 'carrierTheme' ? 'dark' : 'light')};
  }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${({ theme }) => theme.fonts.secondary};
    font-size: 15px;
    line-height: 1.5;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }

  h1, h2, h3, h4, button, label, legend {
    font-family: ${({ theme }) => theme.fonts.primary};
  }

  h1, h2, h3, h4 {
    margin: 0 0 0.5em;
    line-height: 1.25;
    font-weight: 600;
  }

  h1 { font-size: 1.6rem; }
  h2 { font-size: 1.2rem; }
  h3 { font-size: 1.05rem; }

  a {
    color: ${({ theme }) => theme.colors.primary};
  }

  input, select, textarea, button {
    font: inherit;
  }

  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  .visually-hidden {
    ${visuallyHidden}
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
