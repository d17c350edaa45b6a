import { describe, expect, it } from 'vitest';
import type { RuleData } from './judge';
import type { AlertRuleRow } from '../repo';
import { dayFigures, dayState, orderRows, timelineRows, type TimelineRow } from './timeline';

// The backtest timeline's pure parts: the state a day shows, the numbers of a clear day, the rows kept.

const sums = (subject: string, day: string, messages: number, dmarc_fail: number) => ({
  subject,
  day,
  messages,
  dmarc_fail,
  spf_unaligned: 0,
  spf_fail: 0,
  dkim_unaligned: 0,
  dkim_fail: 0,
});
const data = (rows: ReturnType<typeof sums>[]): RuleData => ({
  domains: ['a.example', 'b.example'],
  sums: rows,
  seen: [],
  scopeFirstDay: null,
  history: [],
  tls: [],
  checks: [],
  unreported: [],
});
const rule = (condition: string, params: Record<string, number | string | boolean>) =>
  ({ condition, time_frame: '1d', params }) as AlertRuleRow;
const now = new Date('2026-01-20T12:00:00Z');

describe('backtest timeline', () => {
  it('gives a clear day the numbers the evaluator compared, below the threshold and the minimum volume', () => {
    const d = data([sums('a.example', '2026-01-05', 40, 2), sums('b.example', '2026-01-05', 0, 0)]);
    const figures = dayFigures(
      rule('dmarc_failure_rate', { threshold_percent: 20, min_messages: 100 }),
      d,
      '2026-01-05',
      now,
    );
    expect(figures.get('a.example')).toEqual({
      rate: 5,
      failed: 2,
      messages: 40,
      from: '2026-01-05',
      to: '2026-01-05',
    });
    // No messages: no rate to show.
    expect(figures.get('b.example')).toBeNull();
  });

  it('gives a volume rule the day against its baseline median, even with no baseline yet', () => {
    const d = data([
      sums('a.example', '2026-01-03', 100, 0),
      sums('a.example', '2026-01-04', 300, 0),
      sums('a.example', '2026-01-05', 120, 0),
    ]);
    const p = { baseline_days: 3, factor: 3, min_messages: 10, direction: 'both' };
    const figures = dayFigures(rule('volume_change', p), d, '2026-01-05', now);
    expect(figures.get('a.example')).toEqual({ messages: 120, baseline_median: 100 });
    expect(figures.get('b.example')).toEqual({ messages: 0, baseline_median: 0 });
    expect(dayFigures(rule('no_reports', { days: 2 }), d, '2026-01-05', now).size).toBe(0);
  });

  it('shows a day as the state machine leaves it', () => {
    const firing = { state: 'firing', day: '2026-01-03' } as const;
    const resolved = { state: 'resolved', day: '2026-01-04' } as const;
    const opened = { kind: 'firing', day: '2026-01-03', observed: { rate: 30 } } as const;
    const cleared = { kind: 'recovery', day: '2026-01-04', observed: {} } as const;
    expect(dayState(firing, { rate: 30 }, opened, 'state')).toBe('firing');
    // Still firing: a clear day older than the firing, or a day without data, does not resolve it.
    expect(dayState(firing, undefined, null, 'state')).toBe('firing');
    expect(dayState(resolved, null, cleared, 'state')).toBe('recovered');
    expect(dayState(resolved, null, null, 'state')).toBe('ok');
    expect(dayState(resolved, undefined, null, 'state')).toBe('no_data');
    expect(dayState(undefined, undefined, null, 'state')).toBe('no_data');
    // An event leaves its subject resolved: the next days are clear, not firing.
    expect(dayState({ state: 'resolved', day: '2026-01-03' }, undefined, null, 'event')).toBe('ok');
  });

  it('keeps the rows with firings first, most firing days first, up to its cap', () => {
    const row = (subject: string, firing: number): TimelineRow => ({
      subject,
      days: Array.from({ length: 3 }, (_, i) => ({
        day: `2026-01-0${i + 1}`,
        state: i < firing ? 'firing' : 'ok',
        fired: i === 0 && firing > 0,
        observed: {},
      })),
    });
    const rows = [row('c.example', 0), row('b.example', 1), row('a.example', 0), row('d.example', 2)];
    expect(orderRows(rows).map((r) => r.subject)).toEqual([
      'd.example',
      'b.example',
      'a.example',
      'c.example',
    ]);
    const many = Array.from({ length: timelineRows + 5 }, (_, i) => row(`s${i}.example`, 0));
    expect(orderRows(many)).toHaveLength(timelineRows);
  });
});
