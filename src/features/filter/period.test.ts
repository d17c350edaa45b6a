import { describe, expect, it } from 'vitest';
import { maxPeriodDays, periodFrom, periodTo, periodWithData, shiftDay } from './period';

describe('the filter period', () => {
  it('keeps a new first day within ten years of the last', () => {
    expect(periodFrom('2001-01-01', '2026-11-26')).toEqual({
      beginDate: '2001-01-01',
      endDate: '2011-01-08',
    });
    expect(periodFrom('2026-12-01', '2026-11-26')).toEqual({
      beginDate: '2026-12-01',
      endDate: '2026-12-01',
    });
    expect(periodFrom('2026-11-01', '2026-11-26')).toEqual({
      beginDate: '2026-11-01',
      endDate: '2026-11-26',
    });
  });

  it('keeps a new last day within ten years of the first', () => {
    expect(periodTo('2001-01-01', '2026-11-26')).toEqual({ beginDate: '2016-11-19', endDate: '2026-11-26' });
    expect(periodTo('2026-11-30', '2026-11-26')).toEqual({ beginDate: '2026-11-26', endDate: '2026-11-26' });
  });

  it('spans exactly the most the server charts', () => {
    const { beginDate, endDate } = periodWithData('1990-01-01', '2026-11-26');
    expect(shiftDay(beginDate, maxPeriodDays - 1)).toBe(endDate);
  });
});
