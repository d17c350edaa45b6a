import { describe, expect, it } from 'vitest';
import { dayOf, instantOf, isTimeZone, lastRun, nextRun, periodFor, previousPeriod } from './calendar';

const weekly = (zone: string, hour: number, day = 7) => ({
  frequency: 'weekly' as const,
  day_of_week: day,
  day_of_month: null,
  hour,
  time_zone: zone,
});

describe('digest calendar', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Europe/Lisbon\u0000')).toBe(false);
  });

  it('moves an hour that does not exist (spring forward) past the gap', () => {
    // 2026-03-08: New York goes from 02:00 EST to 03:00 EDT.
    expect(instantOf('2026-03-08', 2, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(instantOf('2026-03-08', 3, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(instantOf('2026-03-08', 1, 'America/New_York').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    // 2026-03-29 in Lisbon: 01:00 WET becomes 02:00 WEST.
    expect(instantOf('2026-03-29', 1, 'Europe/Lisbon').toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes the first of an hour that happens twice (fall back)', () => {
    // 2026-11-01: New York goes from 02:00 EDT back to 01:00 EST.
    expect(instantOf('2026-11-01', 1, 'America/New_York').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(instantOf('2026-11-01', 2, 'America/New_York').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    // 2026-10-25 in Lisbon: 02:00 WEST back to 01:00 WET.
    expect(instantOf('2026-10-25', 1, 'Europe/Lisbon').toISOString()).toBe('2026-10-25T00:00:00.000Z');
  });

  it('finds the last and next weekly run across a DST change', () => {
    const f = weekly('America/New_York', 2); // Sundays at 02:00
    const last = lastRun(f, new Date('2026-03-08T06:59:00Z'));
    expect(last?.day).toBe('2026-03-01');
    expect(lastRun(f, new Date('2026-03-08T07:00:00Z'))?.day).toBe('2026-03-08');
    expect(nextRun(f, new Date('2026-03-01T08:00:00Z'))?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(nextRun(f, new Date('2026-10-26T00:00:00Z'))?.toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('runs monthly on the last day of a shorter month', () => {
    const f = {
      frequency: 'monthly' as const,
      day_of_week: null,
      day_of_month: 31,
      hour: 6,
      time_zone: 'UTC',
    };
    expect(nextRun(f, new Date('2026-02-01T00:00:00Z'))?.toISOString()).toBe('2026-02-28T06:00:00.000Z');
  });

  it('reports on the time frame ending the day before the run, in the zone', () => {
    // 01:30 UTC on Monday is still Sunday in São Paulo (UTC-3).
    expect(dayOf(new Date('2026-06-08T01:30:00Z'), 'America/Sao_Paulo')).toBe('2026-06-07');
    expect(periodFor('last_7_days', '2026-06-08')).toEqual({
      begin: '2026-06-01',
      end: '2026-06-07',
      key: '2026-06-01..2026-06-07',
    });
    expect(periodFor('last_day', '2026-03-01').end).toBe('2026-02-28');
    expect(periodFor('last_month', '2026-03-15')).toMatchObject({ begin: '2026-02-01', end: '2026-02-28' });
    expect(previousPeriod(periodFor('last_7_days', '2026-06-08'))).toMatchObject({
      begin: '2026-05-25',
      end: '2026-05-31',
    });
  });
});
