import type { Backtest } from './alertsApi';

export type TimelineRow = Backtest['timeline'][number];
export type TimelineDay = TimelineRow['days'][number];

/**
 * A firing as the timeline draws it: from the day it opened to its last firing day; `recovered` the day it
 * cleared, null while it is still firing on the last day or when it was an event (one day, nothing to clear).
 */
export type FiringSpan = { from: number; to: number; recovered: number | null };

/** The row's firings, oldest first: a run of firing days, a new one where a day fired again. */
export function firingSpans(days: TimelineDay[]): FiringSpan[] {
  const spans: FiringSpan[] = [];
  let open: FiringSpan | null = null;
  days.forEach((d, i) => {
    if (d.state === 'firing' && open && !d.fired) {
      open.to = i;
      return;
    }
    if (open) spans.push(open);
    open = d.state === 'firing' ? { from: i, to: i, recovered: null } : null;
    if (d.state === 'recovered' && spans.length && spans.at(-1)!.to === i - 1) spans.at(-1)!.recovered = i;
  });
  if (open) spans.push(open);
  return spans;
}
