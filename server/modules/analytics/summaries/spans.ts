import { spanLevels } from '../../../db/migrations/0033_analytics_summaries';

// The dyadic tiling of a window of days for analytics_ip_spans (migration 0033): from the first day, the
// longest aligned span (2^L days, starting on a multiple of 2^L days since 1970-01-01, L < spanLevels) that
// fits, then on. At most two spans per level (plus repeats of the top level for long windows).

export type Span = { lvl: number; start: string };

const dayMs = 86_400_000;
const toEpochDay = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / dayMs);
const fromEpochDay = (n: number) => new Date(n * dayMs).toISOString().slice(0, 10);

export function windowSpans(begin: string, end: string): Span[] {
  const out: Span[] = [];
  const last = toEpochDay(end);
  let cur = toEpochDay(begin);
  while (cur <= last) {
    let lvl = spanLevels - 1;
    while (lvl > 0 && (cur % 2 ** lvl !== 0 || cur + 2 ** lvl - 1 > last)) lvl -= 1;
    out.push({ lvl, start: fromEpochDay(cur) });
    cur += 2 ** lvl;
  }
  return out;
}
