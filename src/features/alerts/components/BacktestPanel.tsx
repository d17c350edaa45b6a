import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatDay } from '../../../i18n/format';
import type { BacktestState } from '../useBacktest';
import { BacktestTimeline } from './BacktestTimeline';
import '../locale';

const Box = styled.section`
  padding: 12px 14px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;

  h3 {
    margin: 0 0 6px;
    font-size: 1rem;
  }

  p {
    margin: 0;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** What the rule in the form would have done over the last 30 days (POST /alerts/backtest/). */
export function BacktestPanel({ state }: { state: BacktestState }) {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  return (
    <Box aria-labelledby="alert-backtest-title" aria-live="polite" aria-busy={state.status === 'loading'}>
      <h3 id="alert-backtest-title">{t('backtest.title')}</h3>
      {state.status === 'idle' && <Muted>{t('backtest.incomplete')}</Muted>}
      {state.status === 'loading' && <Muted>{t('backtest.loading')}</Muted>}
      {state.status === 'failed' && (
        <p role="alert">
          {t('backtest.failed', {
            message: state.messages.length ? state.messages.join(' ') : t('backtest.unavailable'),
          })}
        </p>
      )}
      {state.status === 'done' && <BacktestResult result={state.result} lang={lang} />}
    </Box>
  );
}

function BacktestResult({
  result,
  lang,
}: {
  result: Extract<BacktestState, { status: 'done' }>['result'];
  lang: string;
}) {
  const { t } = useTranslation('alerts');
  const range = { from: formatDay(result.from, lang), to: formatDay(result.to, lang) };
  if (!result.available || result.firedCount === null) return <Muted>{t('backtest.notAvailable')}</Muted>;
  // The timeline also when nothing fired: how near the threshold each day came.
  return (
    <>
      <p>
        {result.firedCount === 0
          ? t('backtest.none', range)
          : t('backtest.fired', { ...range, count: result.firedCount })}
      </p>
      {result.timeline.length > 0 && <BacktestTimeline result={result} />}
    </>
  );
}
