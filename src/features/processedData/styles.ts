import styled from 'styled-components';
import { focusRing } from '../../components/focusRing';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
  justify-content: space-between;
  margin: 20px 0 12px;
`;

export const SearchForm = styled.form`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  max-width: 100%;

  label {
    display: flex;
    flex: 1 1 220px;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
    font-size: 0.85rem;
    font-weight: 500;
  }

  input {
    box-sizing: border-box;
    width: 100%;
    min-width: 0;
    padding: 6px 10px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    border-radius: ${({ theme }) => theme.radii.md}px;
  }
`;

// The app's buttons live in src/components/Button; every page of this area imports them from here.
export { Button, PrimaryButton } from '../../components/Button';

export const TableWrap = styled.div`
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;

  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 8px;
  }

  th,
  td {
    padding: 8px 10px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }

  td.period {
    min-width: 10rem;
  }

  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** A table cell link-button: the row's way into its detail, reachable with Tab and Enter. */
export const RowLink = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  text-align: left;
  ${focusRing}
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const StateText = styled.p`
  margin: 0;
  padding: 24px 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorText = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
  justify-content: center;
  padding: 24px 0;
  color: ${({ theme }) => theme.colors.error};
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 16px;
  margin: 0 0 16px;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 500;
  }

  dd {
    margin: 0;
    word-break: break-word;
  }
`;

export const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;
