import { calendarDay, calendarDayOrTime, isCalendarDay } from './schemas';

describe('calendar days', () => {
  it('accepts real days, leap days included', () => {
    for (const day of ['2020-02-29', '2000-02-29', '2021-12-31', '1000-01-01', '9998-12-31'])
      expect(isCalendarDay(day), day).toBe(true);
  });

  it('refuses impossible days, rolled-over days and years PostgreSQL or a window edge cannot hold', () => {
    for (const day of ['2020-13-45', '2021-02-30', '2019-02-29', '1900-02-29', '2020-04-31', '2020-00-10'])
      expect(isCalendarDay(day), day).toBe(false);
    for (const day of ['0000-01-01', '0999-12-31', '9999-12-31', '2020-1-1', '20200101', ''])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('answers one message per field, whatever is wrong', () => {
    const messages = (v: string) =>
      calendarDay()
        .safeParse(v)
        .error?.issues.map((i) => i.message);
    expect(messages('2020-13-45')).toEqual(['invalid_date']);
    expect(messages('soon')).toEqual(['invalid_date']);
    expect(messages('2020-02-29')).toBeUndefined();
  });

  it('checks both halves of a day with a time', () => {
    const s = calendarDayOrTime('date_invalid');
    expect(s.safeParse('2020-02-29T10:15:00Z').success).toBe(true);
    expect(s.safeParse('2020-02-29').success).toBe(true);
    for (const v of ['2021-02-30T10:00:00Z', '2020-01-01T25:61:00Z', '2020-01-01T1', '2020-01-01T'])
      expect(s.safeParse(v).success, v).toBe(false);
  });
});
