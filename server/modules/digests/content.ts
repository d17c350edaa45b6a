import type { Db } from '../../db/database';
import { alertsOfPeriod, type PeriodAlert } from '../alerts';
import { storedChecks, type StoredCheck } from '../analysis';
import {
  aggregatedByDomain,
  aggregatedByIp,
  aggregatedBySender,
  dailyTotals,
  metricsTotals,
  percent,
  policiesInForce,
  sourcesSeen,
  type DayTotals,
  type Selection,
} from '../analytics';
import { previousPeriod, type Period } from './calendar';
import type { ScheduleRow } from './repo';
import { scopeDomains } from './scope';

// The figures of one report, read through the analytics area's face: the same functions (and so the same
// numbers) as the console's metrics, time-series and aggregated-by-* endpoints for the same filter.

export type Rates = { messages: number; dmarc: number; spf: number; dkim: number };
export type DomainLine = { domain: string; now: Rates; before: Rates; policy: string | null };
export type IpLine = {
  ip: string;
  reverse_dns: string | null;
  sender_service: string | null;
  messages: number;
  dmarc: number;
  isNew: boolean;
};
export type SenderLine = { sender_service: string; messages: number; dmarc: number; ips: number };

export type DigestFigures = {
  period: Period;
  previous: Period;
  domains: string[];
  total: Rates;
  totalBefore: Rates;
  lines: DomainLine[];
  days: DayTotals[];
  checks: StoredCheck[] | null;
  /** The alerts that fired on a day of the period, for the report's domains. */
  alerts: PeriodAlert[];
  ips: IpLine[] | null;
  senders: SenderLine[] | null;
};

const TOP = 10;
const MAX_DOMAINS = 1000;

const rates = (r: {
  messages: number;
  dmarc_passed: number;
  spf_passed: number;
  dkim_passed: number;
}): Rates => ({
  messages: r.messages,
  dmarc: percent(r.dmarc_passed, r.messages),
  spf: percent(r.spf_passed, r.messages),
  dkim: percent(r.dkim_passed, r.messages),
});
const none: Rates = { messages: 0, dmarc: 0, spf: 0, dkim: 0 };

/** The analytics selection a schedule stands for: its organization, its domains (all: no list), the days. */
export async function selectionOf(db: Db, row: ScheduleRow, period: Period): Promise<Selection> {
  const domains = row.all_domains
    ? null
    : (await scopeDomains(db, row.organization_id, row)).map((d) => d.toLowerCase());
  return { organizationId: row.organization_id, domains, begin: period.begin, end: period.end };
}

export async function digestFigures(db: Db, row: ScheduleRow, period: Period): Promise<DigestFigures> {
  const previous = previousPeriod(period);
  const s = await selectionOf(db, row, period);
  const before = { ...s, begin: previous.begin, end: previous.end };
  const page = { offset: 0, limit: MAX_DOMAINS };
  const [totals, totalsBefore, byDomain, byDomainBefore, days, policies] = [
    await metricsTotals(db, s),
    await metricsTotals(db, before),
    await aggregatedByDomain(db, s, page),
    await aggregatedByDomain(db, before, page),
    await dailyTotals(db, s),
    await policiesInForce(db, s),
  ];
  const prior = new Map(byDomainBefore.rows.map((r) => [r.domain, rates(r)]));
  const lines = byDomain.rows.map((r) => ({
    domain: r.domain,
    now: rates(r),
    before: prior.get(r.domain) ?? none,
    policy: policies.get(r.domain) ?? null,
  }));
  const names = s.domains ?? (await scopeDomains(db, row.organization_id, row));
  const figures: DigestFigures = {
    period,
    previous,
    domains: names,
    total: rates({
      messages: totals.nr_messages,
      dmarc_passed: totals.dmarc_passed,
      spf_passed: totals.spf_passed,
      dkim_passed: totals.dkim_passed,
    }),
    totalBefore: rates({
      messages: totalsBefore.nr_messages,
      dmarc_passed: totalsBefore.dmarc_passed,
      spf_passed: totalsBefore.spf_passed,
      dkim_passed: totalsBefore.dkim_passed,
    }),
    lines,
    days,
    checks: row.include_details_per_system ? await storedChecks(db, row.organization_id, names) : null,
    alerts: await alertsOfPeriod(db, row.organization_id, period, s.domains),
    ips: null,
    senders: null,
  };
  if (row.include_aggregation_by_ip) {
    const top = (await aggregatedByIp(db, s, { offset: 0, limit: TOP })).rows;
    const seen = await sourcesSeen(
      db,
      before,
      top.map((r) => r.source_ip),
    );
    figures.ips = top.map((r) => ({
      ip: r.source_ip,
      reverse_dns: r.reverse_dns,
      sender_service: r.sender_service,
      messages: r.messages,
      dmarc: percent(r.dmarc_passed, r.messages),
      isNew: !seen.has(r.source_ip),
    }));
  }
  if (row.include_aggregation_by_sender_service) {
    const top = (await aggregatedBySender(db, s, { offset: 0, limit: TOP })).rows;
    figures.senders = top.map((r) => ({
      sender_service: r.sender_service,
      messages: r.messages,
      dmarc: r.dmarc_passed_percentage,
      ips: r.ips,
    }));
  }
  return figures;
}
