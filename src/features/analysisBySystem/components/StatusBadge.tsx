import { useTranslation } from 'react-i18next';
import { TonePill } from '../../../components/TonePill';
import type { AnalysisStatus } from '../types';

const toneOf = { pass: 'success', warning: 'warning', fail: 'error', unchecked: 'textMuted' } as const;

/** The domain's status for one system; the text carries the meaning, the colour only repeats it. */
export function StatusBadge({ status }: { status: AnalysisStatus }) {
  const { t } = useTranslation('analysis');
  return <TonePill $tone={toneOf[status]}>{t(`status.${status}`)}</TonePill>;
}
