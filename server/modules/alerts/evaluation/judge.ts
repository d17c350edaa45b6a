import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { ResolvedParams } from '../rules/catalogue';
import {
  addDays,
  checkFindings,
  type CheckRow,
  type DaySums,
  daySumsOf,
  dnsChanges,
  failureRate,
  type HistoryRow,
  type TlsDay,
  tlsFailures,
  type Unreported,
  newSources,
  noReports,
  type SeenDay,
  type Verdicts,
  volumeChange,
} from './evaluators';
import { type AlertRuleRow, ruleDomains } from '../repo';

// Reads what a rule's condition needs for the days [from, to] and judges any day in that range with the
// pure evaluators. The reads go to the per-day summaries (dmarc_rollups, keyed by organization, domain and
// day) and to the report headers (dmarc_reports, for the reporters), never to dmarc_records.

export type RuleData = {
  domains: string[];
  sums: DaySums[];
  seen: SeenDay[];
  scopeFirstDay: string | null;
  history: HistoryRow[];
  tls: TlsDay[];
  checks: CheckRow[];
  /** no_reports: the scope's domains that never received a report. */
  unreported: Unreported[];
};

/** Conditions on the re-checks' latest stored results (check_results), judged on the day of the check. */
export const checkConditions = new Set(['spf_lookups', 'dnssec_bogus', 'mta_sts_certificate']);
/** Conditions on live lookups, not on stored data: judged by the hourly sweep as of now (./blocklist.ts). */
export const liveConditions = new Set(['ip_blocklisted']);
const checkSystem: Record<string, string> = {
  spf_lookups: 'spf',
  dnssec_bogus: 'dnssec',
  mta_sts_certificate: 'mta-sts',
};

export const frameDays = (frame: string) => Number(/^(\d+)d$/.exec(frame)?.[1] ?? 1);

/** How many days before a judged day the condition reads. */
export function lookbackDays(rule: Pick<AlertRuleRow, 'condition' | 'time_frame' | 'params'>): number {
  const p = rule.params;
  switch (rule.condition) {
    case 'volume_change':
      return Number(p.baseline_days);
    case 'no_reports':
      return Number(p.days) + 30;
    case 'new_source':
      return Number(p.lookback_days);
    case 'dns_change':
    case 'spf_lookups':
    case 'dnssec_bogus':
    case 'mta_sts_certificate':
    case 'ip_blocklisted':
      return 0;
    default:
      return frameDays(rule.time_frame) - 1;
  }
}

const n = (v: unknown) => Number(v ?? 0);

/** The message sums of a group of rollup rows, as DaySums names them (also ./batch-sums.ts). */
export const rollupSums = sql`sum(messages) as messages,
  coalesce(sum(messages) filter (where not dmarc_pass), 0) as dmarc_fail,
  coalesce(sum(messages) filter (where not spf_aligned), 0) as spf_unaligned,
  coalesce(sum(messages) filter (where not spf_auth), 0) as spf_fail,
  coalesce(sum(messages) filter (where not dkim_aligned), 0) as dkim_unaligned,
  coalesce(sum(messages) filter (where not dkim_auth), 0) as dkim_fail`;

async function daySums(db: Db, rule: AlertRuleRow, domains: string[], from: string, to: string) {
  const byIp = rule.scope_type === 'ip';
  if (!byIp && domains.length === 0) return [];
  const subject = byIp ? sql`source_ip` : sql`domain`;
  const where = byIp ? sql`source_ip = ${rule.target_selection}` : sql`domain in (${sql.join(domains)})`;
  const { rows } = await sql<Record<string, string | number>>`
    select ${subject} as subject, day::text as day, ${rollupSums}
      from dmarc_rollups
     where organization_id = ${rule.organization_id} and day between ${from}::date and ${to}::date and ${where}
     group by 1, 2`.execute(db);
  return rows.map((r) => daySumsOf(String(r.subject), String(r.day), r));
}

async function seenDays(db: Db, rule: AlertRuleRow, domains: string[], from: string, to: string) {
  if (domains.length === 0) return [];
  const inScope = sql`organization_id = ${rule.organization_id} and domain in (${sql.join(domains)})`;
  const map = (rows: Record<string, string | number>[]) =>
    rows.map((r) => ({ subject: String(r.subject), day: String(r.day), messages: n(r.messages) }));
  if (rule.condition === 'new_source') {
    const source = rule.params.source === 'sender' ? sql`coalesce(sender_service, '')` : sql`source_ip`;
    const { rows } = await sql<Record<string, string | number>>`
      select ${source} as subject, day::text as day, sum(messages) as messages from dmarc_rollups
       where ${inScope} and day between ${from}::date and ${to}::date group by 1, 2`.execute(db);
    return map(rows);
  }
  const { rows } = await sql<Record<string, string | number>>`
    select domain as subject, day::text as day, sum(messages) as messages from dmarc_rollups
     where ${inScope} and day between ${from}::date and ${to}::date group by 1, 2`.execute(db);
  if (rule.params.per_reporter === false) return map(rows);
  // Per reporter: the report headers, by the UTC day each report's period begins (as its rollups carry it).
  const reporters = await sql<Record<string, string | number>>`
    select domain || ' · ' || org_name as subject, (begin_date at time zone 'UTC')::date::text as day,
           sum(messages_count) as messages
      from dmarc_reports
     where ${inScope} and begin_date >= ${from}::date and begin_date < ${addDays(to, 1)}::date
     group by 1, 2`.execute(db);
  return [...map(rows), ...map(reporters.rows)];
}

/** The domains of these that never received a report, with the day each was added (no_reports). */
export async function unreportedDomains(db: Db, organizationId: number, domains: string[]) {
  if (domains.length === 0) return [];
  const { rows } = await sql<Unreported>`
    select d.name as domain, (d.created_at at time zone 'UTC')::date::text as added from domains d
     where d.organization_id = ${organizationId} and d.name in (${sql.join(domains)})
       and not exists (select 1 from dmarc_rollups x where x.organization_id = d.organization_id and x.domain = d.name)`.execute(
    db,
  );
  return rows;
}

async function firstDay(db: Db, rule: AlertRuleRow, domains: string[]): Promise<string | null> {
  if (domains.length === 0) return null;
  const { rows } = await sql<{ day: string | null }>`
    select min(day)::text as day from dmarc_rollups
     where organization_id = ${rule.organization_id} and domain in (${sql.join(domains)})`.execute(db);
  return rows[0]?.day ?? null;
}

// The DNS history of the scope's domains up to the end of `to`: a set changes rarely, and the change on a
// day is judged against the last set before it, however old.
async function dnsHistory(db: Db, rule: AlertRuleRow, domains: string[], to: string): Promise<HistoryRow[]> {
  if (domains.length === 0) return [];
  const { rows } = await sql<HistoryRow>`
    select d.name as domain, h.type, to_char(h.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at,
           h.content
      from check_history h join domains d on d.id = h.domain_id
     where d.organization_id = ${rule.organization_id} and d.name in (${sql.join(domains)})
       and h.date < ${addDays(to, 1)}::date`.execute(db);
  return rows;
}

// TLS-RPT totals per domain and day, from the summary each stored report keeps (server/ingest/store-other.ts).
async function tlsDays(
  db: Db,
  rule: AlertRuleRow,
  domains: string[],
  from: string,
  to: string,
): Promise<TlsDay[]> {
  if (domains.length === 0) return [];
  const { rows } = await sql<Record<string, string | number>>`
    select domain as subject, (begin_date at time zone 'UTC')::date::text as day,
           sum((summary->>'failed_sessions')::bigint) as failed,
           sum((summary->>'failed_sessions')::bigint + (summary->>'successful_sessions')::bigint) as total
      from tls_reports
     where organization_id = ${rule.organization_id} and domain in (${sql.join(domains)})
       and begin_date >= ${from}::date and begin_date < ${addDays(to, 1)}::date
     group by 1, 2`.execute(db);
  return rows.map((r) => ({
    subject: String(r.subject),
    day: String(r.day),
    failed: n(r.failed),
    total: n(r.total),
  }));
}

// The latest stored result of the condition's system for each domain of the scope (one row per domain).
async function checkRows(db: Db, rule: AlertRuleRow, domains: string[]): Promise<CheckRow[]> {
  if (domains.length === 0) return [];
  const { rows } = await sql<CheckRow>`
    select d.name as domain, c.system,
           to_char(c.checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as checked_at, c.result
      from check_results c join domains d on d.id = c.domain_id and d.organization_id = c.organization_id
     where c.organization_id = ${rule.organization_id} and d.name in (${sql.join(domains)})
       and c.system = ${checkSystem[rule.condition]}`.execute(db);
  return rows;
}

/** The conditions judged from per-day message sums of the rollups (./evaluators.ts, DaySums). */
export const usesSums = (condition: string) => condition.endsWith('_rate') || condition === 'volume_change';

/** A rule's data with nothing in it yet: each loader fills what its condition reads. */
export const emptyData = (domains: string[]): RuleData => ({
  domains,
  sums: [],
  seen: [],
  scopeFirstDay: null,
  history: [],
  tls: [],
  checks: [],
  unreported: [],
});

/** Everything the rule's condition reads to judge the days from..to (its domains, when the caller has them). */
export async function loadRuleData(
  db: Db,
  rule: AlertRuleRow,
  from: string,
  to: string,
  known?: string[],
): Promise<RuleData> {
  const domains = known ?? (await ruleDomains(db, rule));
  const start = addDays(from, -lookbackDays(rule));
  const sums = usesSums(rule.condition);
  const none = emptyData(domains);
  if (checkConditions.has(rule.condition)) return { ...none, checks: await checkRows(db, rule, domains) };
  if (rule.condition === 'dns_change') return { ...none, history: await dnsHistory(db, rule, domains, to) };
  if (rule.condition === 'tls_failures') return { ...none, tls: await tlsDays(db, rule, domains, start, to) };
  return {
    domains,
    sums: sums ? await daySums(db, rule, domains, start, to) : [],
    seen: sums ? [] : await seenDays(db, rule, domains, start, to),
    scopeFirstDay: rule.condition === 'new_source' ? await firstDay(db, rule, domains) : null,
    history: [],
    tls: [],
    checks: [],
    unreported:
      rule.condition === 'no_reports' ? await unreportedDomains(db, rule.organization_id, domains) : [],
  };
}

/** The last day whose reports have all come in, as far as the conditions assume (two days back). */
export const settledDay = (now: Date) => addDays(now.toISOString().slice(0, 10), -2);

/** The verdict of each subject of the rule on `day` (its data must cover day and its lookback). */
export function judgeDay(
  rule: Pick<AlertRuleRow, 'condition' | 'time_frame' | 'params'>,
  data: RuleData,
  day: string,
  now: Date,
): Verdicts {
  const p = rule.params as ResolvedParams;
  switch (rule.condition) {
    case 'dmarc_failure_rate':
      return failureRate('dmarc', data.sums, day, frameDays(rule.time_frame), p);
    case 'spf_failure_rate':
      return failureRate('spf', data.sums, day, frameDays(rule.time_frame), p);
    case 'dkim_failure_rate':
      return failureRate('dkim', data.sums, day, frameDays(rule.time_frame), p);
    case 'volume_change':
      return volumeChange(data.sums, data.domains, day, p, day <= settledDay(now));
    case 'no_reports':
      return noReports(data.seen, day, p, data.unreported);
    case 'new_source':
      return newSources(data.seen, data.scopeFirstDay, day, p);
    case 'dns_change':
      return dnsChanges(data.history, day, p);
    case 'tls_failures':
      return tlsFailures(data.tls, day, frameDays(rule.time_frame), p);
    case 'spf_lookups':
    case 'dnssec_bogus':
    case 'mta_sts_certificate':
      return checkFindings(rule.condition, data.checks, day, p);
    default:
      return new Map();
  }
}
