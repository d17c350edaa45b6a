import styled from 'styled-components';

export const Section = styled.section`
  margin-top: 20px;
  padding: 20px 24px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}px;

  h2 {
    margin: 0 0 12px;
    font-size: 1.1rem;
  }
`;

export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: 12px 20px;
  margin: 0;

  dt {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 2px 0 0;
    overflow-wrap: anywhere;
  }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const TableWrap = styled.div`
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: 8px 10px;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const StatusText = styled.span<{ $tone: 'error' | 'warning' | 'success' | 'muted' }>`
  font-weight: 600;
  color: ${({ theme, $tone }) => ($tone === 'muted' ? theme.colors.textMuted : theme.colors.text)};
  border-left: 4px solid
    ${({ theme, $tone }) => ($tone === 'muted' ? theme.colors.border : theme.colors[$tone])};
  padding-left: 6px;
`;
