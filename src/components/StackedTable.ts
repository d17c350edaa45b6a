import styled from 'styled-components';
import { Table } from './Table';

/**
 * A table that, on a phone, shows each row as a card of "label value" lines (each cell's data-label), so
 * the state and actions are not hidden past the right edge. The header stays for screen readers.
 */
export const StackedTable = styled(Table)`
  @media (max-width: 640px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }

    tr {
      display: block;
      padding: 8px 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }

    td {
      display: grid;
      grid-template-columns: minmax(6rem, 35%) 1fr;
      gap: 8px;
      justify-items: start;
      padding: 4px 0;
      border: none;
      white-space: normal !important;
    }

    td::before {
      content: attr(data-label);
      font-weight: 600;
      color: ${({ theme }) => theme.colors.textMuted};
    }
  }
`;
