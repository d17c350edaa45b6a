import type { ResolvedParams } from '../rules/catalogue';
import { addDays, type Observed, type Verdicts } from './evaluators';
import { judgeDay, type RuleData } from './judge';
import type { AlertRuleRow } from '../repo';
import type { SubjectState, Transition } from './state';

// The backtest's timeline: each subject's state on each day of the replay, as live evaluation would have
// left it after judging that day, with the day's values. A firing is drawn as the days from the one that
// opened it to the one before its recovery; the figures of a clear day are the evaluator's own numbers.

export type DayState = 'firing' | 'recovered' | 'ok' | 'no_data';
export type TimelineDay = { day: string; state: DayState; fired: boolean; observed: Observed };
export type TimelineRow = { subject: string; days: TimelineDay[] };

/** The rows the answer carries: a scope of every domain could hold thousands of subjects. */
export const timelineRows = 50;

const lifted: Record<string, ResolvedParams> = {
  dmarc_failure_rate: { threshold_percent: -1, min_messages: 0 },
  spf_failure_rate: { threshold_percent: -1, min_messages: 0 },
  dkim_failure_rate: { threshold_percent: -1, min_messages: 0 },
  tls_failures: { threshold_percent: -1, min_failed_sessions: 0 },
};

const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
};

/**
 * The values of each subject on a day it did not trip: the rate and TLS conditions through the same
 * evaluator with its threshold lifted (so the numbers are the ones it compared), the volume against its
 * baseline median; the other conditions have no measure on a clear day.
 */
export function dayFigures(rule: AlertRuleRow, data: RuleData, day: string, now: Date): Verdicts {
  const lift = lifted[rule.condition];
  if (lift) return judgeDay({ ...rule, params: { ...rule.params, ...lift } }, data, day, now);
  const out: Verdicts = new Map();
  if (rule.condition !== 'volume_change') return out;
  const byKey = new Map(data.sums.map((r) => [`${r.subject}\u0000${r.day}`, r.messages]));
  const at = (subject: string, d: string) => byKey.get(`${subject}\u0000${d}`) ?? 0;
  for (const subject of data.domains) {
    const baseline = Array.from({ length: Number(rule.params.baseline_days) }, (_, i) =>
      at(subject, addDays(day, -(i + 1))),
    );
    out.set(subject, { messages: at(subject, day), baseline_median: median(baseline) });
  }
  return out;
}

/**
 * The state a subject shows for a day once it is judged: `next` the state machine left (undefined: never
 * judged), its verdict (undefined: not judged that day), the transition of the day if any.
 */
export function dayState(
  next: SubjectState | undefined,
  verdict: Observed | null | undefined,
  transition: Transition | null,
  kind: 'state' | 'event',
): DayState {
  if (transition) return transition.kind === 'firing' ? 'firing' : 'recovered';
  if (kind === 'state' && next?.state === 'firing') return 'firing';
  // An event condition judges only what happened: a day without an event is clear.
  if (kind === 'event') return 'ok';
  return verdict === undefined ? 'no_data' : 'ok';
}

/** Rows with a firing first (most firing days first), then by subject; at most `timelineRows`. */
export function orderRows(rows: TimelineRow[]): TimelineRow[] {
  const firing = (r: TimelineRow) => r.days.filter((d) => d.state === 'firing').length;
  return rows
    .map((r) => ({ r, n: firing(r) }))
    .sort((a, b) => b.n - a.n || a.r.subject.localeCompare(b.r.subject))
    .slice(0, timelineRows)
    .map((x) => x.r);
}
