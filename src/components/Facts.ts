// A detail's label/value grid and a plain unstyled list.
import styled from 'styled-components';

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
