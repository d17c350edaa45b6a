// Quiet text, a list's state line (loading, empty) and its failure line.
import styled from 'styled-components';

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
