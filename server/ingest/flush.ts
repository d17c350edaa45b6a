import { sql } from 'kysely';
import type { Db } from '../db/database';
import { rollupKeyColumns, rollupOnConflict, type RollupRow } from './rollups';

// What a batch of stored reports adds outside their own tables, written once per batch in one statement:
// unseen source IPs queued for enrichment, and the rollup rows merged by key and upserted with the sender
// service already known for each IP. Both in sorted order, so concurrent batches lock rows in one order
// and cannot deadlock one another.

export type Pending = { ips: Set<string>; rollups: Map<string, RollupRow> };

export const emptyPending = (): Pending => ({ ips: new Set(), rollups: new Map() });

const keyOf = (r: RollupRow) => rollupKeyColumns.map((c) => String(r[c])).join('\u0001');

/** Adds one stored report's IPs and rollup rows to the batch's pending writes. */
export function addPending(pending: Pending, ips: string[], rows: RollupRow[]): void {
  for (const ip of ips) pending.ips.add(ip);
  for (const row of rows) {
    const key = keyOf(row);
    const seen = pending.rollups.get(key);
    if (seen) {
      seen.messages += row.messages;
      seen.records += row.records;
    } else pending.rollups.set(key, { ...row });
  }
}

export async function flushPending(trx: Db, pending: Pending): Promise<void> {
  if (pending.ips.size === 0 && pending.rollups.size === 0) return;
  const rows = [...pending.rollups.values()];
  const col = <K extends keyof RollupRow>(k: K) => rows.map((r) => r[k]);
  await sql`with ins_ip as (
      insert into ip_enrichment (ip)
      select ip from unnest(${[...pending.ips]}::text[]) as u(ip) order by ip
      on conflict do nothing
    )
    insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth, spf_auth,
      dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select u.day, u.organization_id, u.domain, u.source_ip, e.sender_service, u.dkim_auth, u.spf_auth,
      u.dkim_aligned, u.spf_aligned, u.dmarc_pass, u.disposition, u.messages, u.records
    from unnest(${col('day')}::date[], ${col('organization_id')}::int[], ${col('domain')}::text[],
      ${col('source_ip')}::text[], ${col('dkim_auth')}::bool[], ${col('spf_auth')}::bool[],
      ${col('dkim_aligned')}::bool[], ${col('spf_aligned')}::bool[], ${col('dmarc_pass')}::bool[],
      ${col('disposition')}::text[], ${col('messages')}::int8[], ${col('records')}::int[])
      as u(day, organization_id, domain, source_ip, dkim_auth, spf_auth, dkim_aligned, spf_aligned, dmarc_pass,
        disposition, messages, records)
    left join ip_enrichment e on e.ip = u.source_ip
    order by u.organization_id, u.domain, u.day, u.source_ip, u.dkim_auth, u.spf_auth, u.dkim_aligned,
      u.spf_aligned, u.disposition
    ${rollupOnConflict}`.execute(trx);
}
