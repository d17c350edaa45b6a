import { css } from 'styled-components';

// Out of sight but still in the page: for screen readers (the .visually-hidden class) or for a native control
// another one stands for (the file input behind FileField's button).
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
