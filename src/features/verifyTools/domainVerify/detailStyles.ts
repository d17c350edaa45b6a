import styled from 'styled-components';

export const Table = styled.table`
  width: 100%;
  margin-top: 12px;
  border-collapse: collapse;
  font-size: 0.9rem;
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 6px;
  }
  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  code {
    word-break: break-all;
  }
  th[scope='row'] code {
    white-space: nowrap;
    word-break: normal;
  }
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 8px 0;
  dt {
    color: ${(p) => p.theme.colors.textMuted};
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
`;

export const Scroll = styled.div`
  overflow-x: auto;
`;
