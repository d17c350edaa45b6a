import { addDays, type Selection } from '../selection/filter';
import type { MetricsTotals } from './metrics-query';
import { seriesNames, type MetricsAttributes } from '../../../../contract/analytics';
import type { DayTotals } from './time-series-query';

// Wire documents for the metrics and time-series calls (snake_case; the SPA camelCases them).

/** Percent of the total, two decimals; 0 when there are no messages. */
export const percent = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part / total) * 10_000) / 100;

export function metricsDocument(id: string, s: Selection, t: MetricsTotals, nrReports: number) {
  const failedAuth = t.nr_messages - t.dmarc_passed - t.auth_unaligned;
  const attributes: MetricsAttributes = {
    nr_domains: t.nr_domains,
    nr_reports: nrReports,
    nr_records: t.nr_records,
    nr_messages: t.nr_messages,
    date_range: { begin_date: s.begin, end_date: s.end },
    dkim: { passed: t.dkim_passed, failed: t.nr_messages - t.dkim_passed },
    spf: { passed: t.spf_passed, failed: t.nr_messages - t.spf_passed },
    dmarc: {
      passed: t.dmarc_passed,
      failed: t.nr_messages - t.dmarc_passed,
      passed_split: { dkim_and_spf: t.dkim_and_spf, dkim_only: t.dkim_only, spf_only: t.spf_only },
    },
    verification: {
      aligned: t.dmarc_passed,
      passed: t.auth_unaligned,
      failed: failedAuth,
      aligned_percentage: percent(t.dmarc_passed, t.nr_messages),
      passed_percentage: percent(t.auth_unaligned, t.nr_messages),
      failed_percentage: percent(failedAuth, t.nr_messages),
    },
  };
  return { data: { type: 'domain-metrics' as const, id, attributes } };
}

/** One series per figure, one point per day of the window (days without data are 0). */
export function timeSeriesDocument(s: Selection, days: DayTotals[]) {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const xs: string[] = [];
  for (let d = s.begin; d <= s.end; d = addDays(d, 1)) xs.push(d);
  return {
    data: seriesNames.map((name) => ({
      type: 'time-series' as const,
      id: name,
      attributes: { points: xs.map((x) => ({ x, y: byDay.get(x)?.[name] ?? 0 })) },
    })),
    meta: { begin_date: s.begin, end_date: s.end },
  };
}
