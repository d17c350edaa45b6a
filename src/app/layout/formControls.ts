import styled from 'styled-components';

// Text fields of the shell's forms (login, two-factor, contact).
export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;

  label {
    font-weight: 500;
  }

  input,
  textarea {
    /* the full width includes padding and border, also for a control that opts out (DateInput) */
    box-sizing: border-box;
    width: 100%;
    padding: 9px 12px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }

  input[aria-invalid='true'],
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: 0.88rem;
  color: ${({ theme }) => theme.colors.error};
`;

export const Notice = styled.p<{ $tone?: 'info' | 'warning' }>`
  margin: 0 0 16px;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radii.md}px;
  border-left: 4px solid
    ${({ theme, $tone }) => ($tone === 'warning' ? theme.colors.warning : theme.colors.primary)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
`;
