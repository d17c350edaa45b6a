import dayjs from 'dayjs';
import { filterDateFormat } from './filterSlice';

// The server charts at most ten years a day at a time (server/modules/analytics/selection/filter.ts maxSeriesDays):
// the date inputs keep the period within it, so the overview never asks for more.
export const maxPeriodDays = 3_660;

export const shiftDay = (day: string, days: number) =>
  dayjs(day, filterDateFormat).add(days, 'day').format(filterDateFormat);

type Period = { beginDate: string; endDate: string };

/** A new first day: the last day follows when it would be before it or too far after it. */
export function periodFrom(beginDate: string, endDate: string): Period {
  const latest = shiftDay(beginDate, maxPeriodDays - 1);
  return { beginDate, endDate: endDate < beginDate ? beginDate : endDate > latest ? latest : endDate };
}

/** A new last day: the first day follows when it would be after it or too far before it. */
export function periodTo(beginDate: string, endDate: string): Period {
  const earliest = shiftDay(endDate, 1 - maxPeriodDays);
  return { endDate, beginDate: beginDate > endDate ? endDate : beginDate < earliest ? earliest : beginDate };
}

/** The reports' own period, its last ten years when it is longer. */
export function periodWithData(first: string, last: string): Period {
  return periodTo(first, last);
}
