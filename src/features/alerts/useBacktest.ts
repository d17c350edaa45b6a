import { isCancel } from 'axios';
import { useEffect, useState } from 'react';
import { bodyMessages, errorBody } from '../../api/errors';
import i18n from '../../i18n';
import { alertParams } from './errorParams';
import { backtest, type Backtest, type BacktestBody } from './alertsApi';

export type BacktestState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; result: Backtest }
  | { status: 'failed'; messages: string[] };

type Answer = { key: string; state: BacktestState };

/** How long the form must stay still before the backtest runs: typing a threshold asks once. */
export const backtestDelayMs = 600;

/**
 * POST /alerts/backtest/ for the rule as the form holds it, debounced; a newer form cancels the older call.
 * `body` null: the rule is not complete enough to ask (no target yet). The answer counts only for the
 * body it was asked for: until the current body's answer comes, the state is loading.
 */
export function useBacktest(body: BacktestBody | null): BacktestState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key = body ? JSON.stringify(body) : '';

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      backtest(JSON.parse(key) as BacktestBody, controller.signal).then(
        (result) => setAnswer({ key, state: { status: 'done', result } }),
        (error: unknown) => {
          if (isCancel(error)) return;
          setAnswer({
            key,
            state: {
              status: 'failed',
              messages: bodyMessages(errorBody(error), alertParams(i18n.getFixedT(null, 'alerts'))),
            },
          });
        },
      );
    }, backtestDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (!key) return { status: 'idle' };
  return answer?.key === key ? answer.state : { status: 'loading' };
}
