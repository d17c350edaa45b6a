import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AnalysisStatus } from '../types';

const toneOf = { pass: 'success', warning: 'warning', fail: 'error', unchecked: 'textMuted' } as const;

const Pill = styled.span<{ $status: AnalysisStatus }>`
  display: inline-block;
  padding: 1px 10px;
  border: 1px solid ${(p) => p.theme.colors[toneOf[p.$status]]};
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
    background: ${(p) => p.theme.colors[toneOf[p.$status]]};
  }
`;

/** The domain's status for one system; the text carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: AnalysisStatus }) {
  const { t } = useTranslation('analysis');
  return <Pill $status={status}>{t(`status.${status}`)}</Pill>;
}
