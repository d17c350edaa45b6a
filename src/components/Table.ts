// The app's data tables: a scrolling wrap, the table, and the row's link into its detail.
import styled from 'styled-components';
import { focusRing } from './focusRing';

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
