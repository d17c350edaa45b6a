import styled from 'styled-components';

export type PillTone = 'success' | 'warning' | 'error' | 'textMuted';

/** A small state label: a coloured border and dot repeat what its text says (colour is never the only cue). */
export const TonePill = styled.span<{ $tone: PillTone }>`
  display: inline-block;
  padding: 1px 10px;
  border: 1px solid ${(p) => p.theme.colors[p.$tone]};
  border-radius: ${(p) => p.theme.radii.pill}px;
  color: ${(p) => p.theme.colors.text};
  background: ${(p) => p.theme.colors.surface};
  font-size: 0.8rem;
  font-weight: 600;
  white-space: nowrap;

  &::before {
    content: '';
    display: inline-block;
    width: 8px;
    height: 8px;
    margin-right: 6px;
    border-radius: 50%;
    background: ${(p) => p.theme.colors[p.$tone]};
  }
`;
