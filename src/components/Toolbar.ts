// A list's toolbar: its search box on the left, its actions on the right.
import styled from 'styled-components';

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
