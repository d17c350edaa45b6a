import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AggregateRecord } from '../dmarc/types';
import { cleanText } from './clean';

// Per-day rollups: one row per (organization, policy domain, day, source IP, results), message counts summed.
// The dashboards read only these. The policy_evaluated verdicts are the aligned results (RFC 7489 section
// 3.1 and appendix C); dkim_auth / spf_auth say whether any raw DKIM / SPF auth result passed, aligned or not.

export type RollupRow = {
  day: string;
  organization_id: number;
  domain: string;
  source_ip: string;
  sender_service: string | null;
  dkim_auth: boolean;
  spf_auth: boolean;
  dkim_aligned: boolean;
  spf_aligned: boolean;
  dmarc_pass: boolean;
  disposition: string;
  messages: number;
  records: number;
};

export const rollupKeyColumns = [
  'organization_id',
  'domain',
  'day',
  'source_ip',
  'dkim_auth',
  'spf_auth',
  'dkim_aligned',
  'spf_aligned',
  'disposition',
] as const;

/** Rollup rows by key: a batch merges the rows of its reports through the same keys. */
export type RollupRows = Map<string, RollupRow>;

/** The key columns of a row as one string (the NUL byte is removed from every text at ingest: clean.ts). */
export const rollupKey = (r: RollupRow): string =>
  `${r.organization_id}\u0000${r.domain}\u0000${r.day}\u0000${r.source_ip}\u0000${r.dkim_auth ? 1 : 0}` +
  `${r.spf_auth ? 1 : 0}${r.dkim_aligned ? 1 : 0}${r.spf_aligned ? 1 : 0}\u0000${r.disposition}`;

/**
 * Folds a report's records into rollup rows, one per key. Unsorted: the statement that writes them sorts
 * (flush.ts). The sender service is joined from ip_enrichment there too.
 */
export function rollupRows(
  records: AggregateRecord[],
  base: { day: string; organizationId: number; domain: string },
): RollupRows {
  const byKey: RollupRows = new Map();
  for (const rec of records) {
    const dkimAligned = rec.policyEvaluated.dkim === 'pass';
    const spfAligned = rec.policyEvaluated.spf === 'pass';
    const row: RollupRow = {
      day: base.day,
      organization_id: base.organizationId,
      domain: base.domain,
      source_ip: cleanText(rec.sourceIp),
      sender_service: null,
      dkim_auth: rec.authResults.dkim.some((d) => d.result === 'pass'),
      spf_auth: rec.authResults.spf.some((s) => s.result === 'pass'),
      dkim_aligned: dkimAligned,
      spf_aligned: spfAligned,
      dmarc_pass: dkimAligned || spfAligned,
      disposition: rec.policyEvaluated.disposition,
      messages: rec.count,
      records: 1,
    };
    const key = rollupKey(row);
    const seen = byKey.get(key);
    if (seen) {
      seen.messages += row.messages;
      seen.records += 1;
    } else byKey.set(key, row);
  }
  return byKey;
}

export const rollupOnConflict = sql`on conflict (${sql.join(rollupKeyColumns.map((c) => sql.ref(c)))}) do update set
  messages = dmarc_rollups.messages + excluded.messages,
  records = dmarc_rollups.records + excluded.records,
  sender_service = coalesce(excluded.sender_service, dmarc_rollups.sender_service)`;

/**
 * The same rollups computed in SQL from stored records: used when kept-aside reports are attached to the
 * organization that registered their domain.
 */
export async function rollupStoredReports(db: Db, reportIds: number[]): Promise<void> {
  if (reportIds.length === 0) return;
  await sql`insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth,
      spf_auth, dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select day, organization_id, domain, source_ip, max(sender_service), dkim_auth, spf_auth, dkim_aligned,
      spf_aligned, dkim_aligned or spf_aligned, disposition, sum(count), count(*)
    from (
      select (r.begin_date at time zone 'UTC')::date as day, r.organization_id, r.domain, d.source_ip,
        e.sender_service, d.count, d.disposition, d.dkim = 'pass' as dkim_aligned, d.spf = 'pass' as spf_aligned,
        d.dkim_results @> '[{"result":"pass"}]' as dkim_auth, d.spf_results @> '[{"result":"pass"}]' as spf_auth
      from dmarc_records d
      join dmarc_reports r on r.id = d.report_id
      left join ip_enrichment e on e.ip = d.source_ip
      where r.id = any(${reportIds}::int[]) and r.organization_id is not null
    ) x
    group by day, organization_id, domain, source_ip, dkim_auth, spf_auth, dkim_aligned, spf_aligned, disposition
    order by organization_id, domain, day, source_ip
    ${rollupOnConflict}`.execute(db);
}
