// Wall-clock arithmetic in a schedule's IANA time zone, with nothing but Intl: when a schedule is due, and
// which period a run reports on. Days are "YYYY-MM-DD" strings of the zone's calendar.

const dayMs = 86_400_000;
const hourMs = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True for a zone name Intl knows (an IANA name such as "Europe/Lisbon", or "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at an instant, read as if it were UTC (so arithmetic on it is plain). */
function wallAt(ms: number, zone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(ms)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

const offsetAt = (ms: number, zone: string) => wallAt(ms, zone) - Math.floor(ms / 1000) * 1000;

/**
 * The instant a wall-clock time happens in the zone. On the fall-back day an hour happens twice: the first
 * one counts. On the spring-forward day an hour does not happen: the time moves forward by the gap (02:00
 * becomes 03:00), so a schedule at that hour still runs that day.
 */
export function instantOf(day: string, hour: number, zone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + hour * hourMs;
  const before = offsetAt(wall - dayMs, zone);
  const after = offsetAt(wall + dayMs, zone);
  const valid = [...new Set([before, after])]
    .map((o) => wall - o)
    .filter((t) => wallAt(t, zone) === wall)
    .sort((a, b) => a - b);
  return new Date(valid[0] ?? wall - before);
}

export const dayOf = (at: Date, zone: string) =>
  new Date(wallAt(at.getTime(), zone)).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export type Frequency = {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** ISO weekday, 1 = Monday (weekly). */
  day_of_week: number | null;
  /** 1-31; in a shorter month, its last day (monthly). */
  day_of_month: number | null;
  hour: number;
  time_zone: string;
};

function runsOn(day: string, f: Frequency): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  if (f.frequency === 'daily') return true;
  if (f.frequency === 'weekly') return (d.getUTCDay() || 7) === (f.day_of_week ?? 1);
  const last = daysInMonth(d.getUTCFullYear(), d.getUTCMonth() + 1);
  return d.getUTCDate() === Math.min(f.day_of_month ?? 1, last);
}

/** The latest run time at or before `at` (looking back at most 62 days), with its local day. */
export function lastRun(f: Frequency, at: Date): { day: string; at: Date } | null {
  const today = dayOf(at, f.time_zone);
  for (let i = 0; i <= 62; i += 1) {
    const day = addDays(today, -i);
    if (!runsOn(day, f)) continue;
    const when = instantOf(day, f.hour, f.time_zone);
    if (when.getTime() <= at.getTime()) return { day, at: when };
  }
  return null;
}

/** The first run time after `at`. */
export function nextRun(f: Frequency, at: Date): Date | null {
  const today = dayOf(at, f.time_zone);
  for (let i = 0; i <= 62; i += 1) {
    const day = addDays(today, i);
    if (!runsOn(day, f)) continue;
    const when = instantOf(day, f.hour, f.time_zone);
    if (when.getTime() > at.getTime()) return when;
  }
  return null;
}

export const timeFrames = ['last_day', 'last_7_days', 'last_30_days', 'last_month'] as const;
export type TimeFrame = (typeof timeFrames)[number];

export type Period = { begin: string; end: string; key: string };

/**
 * The days a run on `runDay` reports on: the time frame ending at the last full day in the zone (the day
 * before the run); 'last_month' is the last whole calendar month up to that day.
 */
export function periodFor(timeFrame: TimeFrame, runDay: string): Period {
  const end = addDays(runDay, -1);
  let begin: string;
  let last = end;
  if (timeFrame === 'last_month') {
    const first = `${runDay.slice(0, 7)}-01`;
    last = addDays(first, -1);
    begin = `${last.slice(0, 7)}-01`;
  } else {
    const days = { last_day: 1, last_7_days: 7, last_30_days: 30 }[timeFrame];
    begin = addDays(end, -(days - 1));
  }
  return { begin, end: last, key: `${begin}..${last}` };
}

/** The period of the same length just before (the "change against the previous period" column). */
export function previousPeriod(p: Period): Period {
  const days = Math.round((Date.parse(p.end) - Date.parse(p.begin)) / dayMs) + 1;
  const end = addDays(p.begin, -1);
  const begin = addDays(end, -(days - 1));
  return { begin, end, key: `${begin}..${end}` };
}
