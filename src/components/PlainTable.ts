import styled from 'styled-components';

// A compact table for short lists in settings panels (members, domains, users); its cells' buttons sit in a row.
export const PlainTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin: 12px 0 20px;

  th,
  td {
    padding: 8px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  td button {
    margin-right: 6px;
  }
`;
