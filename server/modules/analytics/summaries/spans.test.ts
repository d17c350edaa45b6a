import { describe, expect, it } from 'vitest';
import { addDays, spanDays } from '../selection/filter';
import { windowSpans } from './spans';

const epochDay = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

describe('windowSpans', () => {
  it('tiles a window exactly with aligned spans, in order', () => {
    for (const [begin, end] of [
      ['2026-04-02', '2026-06-30'],
      ['2026-06-01', '2026-06-30'],
      ['2026-06-24', '2026-06-30'],
      ['2026-06-30', '2026-06-30'],
      ['1970-01-01', '1970-03-05'],
      ['2024-02-28', '2025-03-01'],
    ]) {
      const spans = windowSpans(begin, end);
      let next = begin;
      for (const s of spans) {
        expect(s.start).toBe(next);
        expect(epochDay(s.start) % 2 ** s.lvl).toBe(0);
        expect(s.lvl).toBeLessThan(7);
        next = addDays(s.start, 2 ** s.lvl);
      }
      expect(next).toBe(addDays(end, 1));
      const covered = spans.reduce((n, s) => n + 2 ** s.lvl, 0);
      expect(covered).toBe(spanDays({ begin, end }));
    }
  });

  it('uses few spans: 90 days in at most 12, one day in one', () => {
    expect(windowSpans('2026-04-02', '2026-06-30').length).toBeLessThanOrEqual(12);
    expect(windowSpans('2026-06-30', '2026-06-30')).toEqual([{ lvl: 0, start: '2026-06-30' }]);
    // 2026-06-24 is epoch day 20628 (a multiple of 4): 4 + 2 + 1 days.
    expect(windowSpans('2026-06-24', '2026-06-30').map((s) => s.lvl)).toEqual([2, 1, 0]);
  });
});
