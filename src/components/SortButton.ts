import styled from 'styled-components';
import { focusRing } from './focusRing';

/** The button inside a sortable column header: looks like the header text, focusable like a control. */
export const SortButton = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;
  ${focusRing}
`;
