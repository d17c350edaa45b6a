import styled from 'styled-components';

// The layout of the forms inside dialogs (alert rules, digest schedules, DNS record sets): stacked labels, plain fields,
// checkboxes beside their text, fieldsets for repeated groups.
export const ModalForm = styled.form`
  display: grid;
  /* One column no wider than the dialog: a field's own width (a file input's button and text) must not
     push the form past a 390 px screen. */
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;

  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-weight: 500;
  }

  label.check {
    flex-direction: row;
    align-items: center;
    gap: 8px;
  }

  input:not([type='checkbox']),
  select,
  textarea {
    min-width: 0;
    padding: 6px 10px;
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }

  input[aria-invalid='true'],
  select[aria-invalid='true'],
  textarea[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }

  fieldset input:not([type='checkbox']) {
    width: 100%;
    box-sizing: border-box;
  }

  fieldset {
    display: grid;
    gap: 10px;
    min-width: 0;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }
`;

/** A muted line under a field or a group. */
export const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The form's own error, under its fields. */
export const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;

/** A field's problem, under it (outside its label); long words (an IPv6 range, a URL) wrap. */
export const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.error};
  font-weight: 400;
  overflow-wrap: anywhere;
`;
