import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { windowSpans } from './spans';

// Reads of analytics_ip_spans (migration 0033), the dyadic per-IP summary, aliased `u`: only for selections
// without a domain filter (the spans have no domain). A window is the union of its tiling spans.

export function spanCondition(s: Selection): RawBuilder<SqlBool> {
  const spans = windowSpans(s.begin, s.end);
  const org = s.organizationId === 'all' ? sql`true` : sql`u.organization_id = ${s.organizationId}`;
  return sql<SqlBool>`${org} and (u.lvl, u.start) in (select * from unnest(${spans.map((x) => x.lvl)}::int[],
      ${spans.map((x) => x.start)}::date[])) and u.records > 0`;
}

const spanSums: Record<string, string> = {
  messages: 'sum(u.messages::float8)',
  records: 'sum(u.records::float8)',
  dmarc_passed: 'sum(u.dmarc_passed::float8)',
  dmarc_failed: 'sum(u.messages::float8) - sum(u.dmarc_passed::float8)',
  dkim_passed: 'sum(u.dkim_passed::float8)',
  spf_passed: 'sum(u.spf_passed::float8)',
};

/**
 * Sums per source IP (float8 sums: exact below 2^53, and a far cheaper aggregate state than numeric): every
 * sum, or only those named in `only` (a page is ordered by one sum; the rest are read for its IPs alone);
 * for every IP of the window or for the given ones.
 */
export function ipSums(s: Selection, options: { only?: string[]; ips?: string[] } = {}): RawBuilder<unknown> {
  const names = options.only ?? Object.keys(spanSums);
  const sums = names.filter((n) => n in spanSums).map((n) => sql.raw(`${spanSums[n]} as ${n}`));
  const ips = options.ips ? sql`and u.source_ip = any(${options.ips}::text[])` : sql``;
  const columns = sums.length > 0 ? sql`, ${sql.join(sums)}` : sql``;
  return sql`select u.source_ip${columns}
    from analytics_ip_spans u where ${spanCondition(s)} ${ips}
    group by u.source_ip`;
}

/** The sender service the rollups of each given IP carry in the window ('' in the spans is none). */
export async function spanSenders(db: Db, s: Selection, ips: string[]): Promise<Map<string, string | null>> {
  if (ips.length === 0) return new Map();
  const { rows } = await sql<{ ip: string; service: string | null }>`select u.source_ip as ip,
      max(nullif(u.sender_service, '')) as service
    from analytics_ip_spans u where ${spanCondition(s)} and u.source_ip = any(${ips}::text[])
    group by 1`.execute(db);
  return new Map(rows.map((r) => [r.ip, r.service]));
}

/** Distinct source IPs per sender service name of the by-sender list (which leaves out the unattributed ''). */
export async function spanIpsPerSender(db: Db, s: Selection, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const { rows } = await sql<{ name: string; n: string | number }>`select
      u.sender_service as name, count(distinct u.source_ip) as n
    from analytics_ip_spans u where ${spanCondition(s)} and u.sender_service = any(${names}::text[])
    group by 1`.execute(db);
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}
