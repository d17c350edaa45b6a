import type { Db } from '../../db/database';
import { alertsOfPeriod, type PeriodAlert } from '../alerts';
import { storedChecks, type StoredCheck } from '../analysis';
import {
  aggregatedByIp,
  aggregatedBySender,
  domainDayFigures,
  percent,
  policiesInForce,
  sourcesSeen,
  type DayTotals,
  type Selection,
  type Sums,
} from '../analytics';
import { previousPeriod, type Period } from './calendar';
import type { ScheduleRow } from './repo';
import { scopeDomains } from './scope';

// The figures of one report, read through the analytics area's face: the same numbers as the console's
// metrics, time-series and aggregated-by-* endpoints for the same filter. Totals, domains and days come
// from one read per period (domainDayFigures), the top IPs and senders from the endpoints' own functions.

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

const rates = (r: Sums): Rates => ({
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
  const now = await domainDayFigures(db, s);
  const then = await domainDayFigures(db, before);
  const policies = await policiesInForce(db, s);
  const prior = new Map(then.domains.map((r) => [r.domain, rates(r)]));
  const lines = now.domains.slice(0, MAX_DOMAINS).map((r) => ({
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
    total: rates(now.total),
    totalBefore: rates(then.total),
    lines,
    days: now.days,
    checks: row.include_details_per_system ? await storedChecks(db, row.organization_id, names) : null,
    alerts: await alertsOfPeriod(db, row.organization_id, period, s.domains),
    ips: null,
    senders: null,
  };
  if (row.include_aggregation_by_ip) {
    // The mail shows no domains per IP: not counted.
    const top = (await aggregatedByIp(db, s, { offset: 0, limit: TOP, countDomains: false })).rows;
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
