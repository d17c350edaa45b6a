import styled, { css } from 'styled-components';
import { focusRing } from './focusRing';

// The app's button: every action button uses it (or PrimaryButton for the main action of a form), so no
// page shows the browser's grey default beside the themed ones. buttonLook: the same look for what is not a
// <button> (a file field's label).
export const buttonLook = css`
  padding: 7px 14px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.md}px;
  font: 500 0.9rem ${({ theme }) => theme.fonts.primary};
  cursor: pointer;
`;

export const Button = styled.button`
  ${buttonLook}
  ${focusRing}

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const PrimaryButton = styled(Button)`
  color: ${({ theme }) => theme.colors.primaryContrast};
  background: ${({ theme }) => theme.colors.primary};
  border-color: ${({ theme }) => theme.colors.primary};
`;
