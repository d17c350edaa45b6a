import styled from 'styled-components';

// The DNS pages' small pieces; forms are the dialogs' (modalForm), buttons and tables the console's.
export { FieldError, ModalForm as Form } from '../../../app/layout/modalForm';
export { Notice } from '../../../app/layout/formControls';

export const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

export const Code = styled.code`
  font-family: ui-monospace, monospace;
  font-size: 0.88rem;
  overflow-wrap: anywhere;
`;

/** A list of bordered cards: rrset changes (a review, an import's preview, suggested fixes), DS records. */
export const Cards = styled.ol`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: grid;
    gap: 6px;
    justify-items: start;
    min-width: 0;
    padding: 10px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }
`;
