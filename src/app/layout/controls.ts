import styled from 'styled-components';

// Small form controls shared by the top bar and the login page.
export const SelectControl = styled.select`
  padding: 5px 8px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.md}px;
  cursor: pointer;
`;

export const SwitchField = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;

  label {
    font-size: 0.85rem;
    font-weight: 500;
  }

  /* Small screens: the select shows its value; the label stays for assistive technology only. */
  ${({ theme }) => `@media (max-width: ${theme.breakpoints.md}px)`} {
    label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
  }
`;
