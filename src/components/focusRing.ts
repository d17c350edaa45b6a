import { css } from 'styled-components';

// One visible keyboard focus style for every control.
export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;
