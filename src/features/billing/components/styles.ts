import styled from 'styled-components';

/** A row of actions that wraps on a narrow screen. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`;

/** A short note inside a panel (cancel at period end, past due, billing off). */
export const Note = styled.p<{ $tone?: 'warning' | 'error' | 'primary' }>`
  margin: 0 0 16px;
  padding: 10px 14px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-left: 4px solid ${({ theme, $tone = 'primary' }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radii.md}px;
`;

export const PanelTitle = styled.h2`
  margin: 0 0 16px;
  font-size: 1.1rem;
`;

export const SubTitle = styled.h3`
  margin: 16px 0 8px;
  font-size: 0.95rem;
`;

export const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Card = styled.li<{ $current?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: ${({ $current }) => ($current ? 2 : 1)}px solid
    ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md}px;

  h3 {
    margin: 0;
    font-size: 1rem;
  }

  p {
    margin: 0;
  }
`;
