import type { AlertStateName } from '../../../db/schema-alerts';
import type { Observed } from './evaluators';

// The per-subject state machine: ok → firing → resolved (→ firing again). Pure, so the backtest steps it
// exactly as live evaluation does. Days are the UTC days the data covers: a late report judges an old day,
// and an old day that is clear does not resolve a firing opened for a later day.

export type SubjectState = { state: AlertStateName; day: string | null };
export type Transition = { kind: 'firing' | 'recovery'; day: string; observed: Observed };

/**
 * `firedOn`: whether an incident of the subject already covers `day` (from its firing's day to the day
 * before its recovery). It matters only for a day older than the subject's last recovery: an incident is
 * one thing from its first day to its recovery, whatever order its days are judged in (the hourly sweep
 * and the ingest interleave), so such a day never opens a second one; a late report for an old day no
 * incident covered still opens an alert.
 */
export function step(
  prior: SubjectState | undefined,
  verdict: Observed | null,
  day: string,
  conditionKind: 'state' | 'event',
  firedOn: (day: string) => boolean = () => false,
): { next: SubjectState; transition: Transition | null } | null {
  if (conditionKind === 'event') {
    // An event fires once per subject and day, and never for a day older than its last one (a source is
    // new, a record changes, once; a later change or a source back after its lookback is a new event).
    if (!verdict || (prior && (prior.day ?? '') >= day)) return null;
    return { next: { state: 'resolved', day }, transition: { kind: 'firing', day, observed: verdict } };
  }
  const firing = prior?.state === 'firing';
  if (verdict && !firing && prior?.state === 'resolved' && (prior.day ?? '') > day && firedOn(day))
    return null;
  if (verdict && !firing)
    return { next: { state: 'firing', day }, transition: { kind: 'firing', day, observed: verdict } };
  if (!verdict && firing && day >= (prior.day ?? '')) {
    return { next: { state: 'resolved', day }, transition: { kind: 'recovery', day, observed: {} } };
  }
  return null;
}
