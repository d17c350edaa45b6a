import { sql } from 'kysely';
import type { Db } from '../db/database';
import { intArray, textArray } from './pg-array';
import { rollupOnConflict, type RollupRow, type RollupRows } from './rollups';

// What a batch of stored reports adds outside their own tables, written once per batch in one statement:
// unseen source IPs queued for enrichment, and the rollup rows merged by key and upserted with the sender
// service already known for each IP. Both in sorted order, so concurrent batches lock rows in one order
// and cannot deadlock one another. The columns go as array literals (pg-array.ts), like the records'. The
// sender service is one primary-key probe per row: a join read all of ip_enrichment for every batch (a
// hash join, seen in EXPLAIN), which grows with every distinct IP ever seen.

export type Pending = { ips: Set<string>; rollups: RollupRows };

export const emptyPending = (): Pending => ({ ips: new Set(), rollups: new Map() });

/** Adds one stored report's IPs and rollup rows (keyed by rollupKey) to the batch's pending writes. */
export function addPending(pending: Pending, ips: string[], rows: RollupRows): void {
  for (const ip of ips) pending.ips.add(ip);
  for (const [key, row] of rows) {
    const seen = pending.rollups.get(key);
    if (seen) {
      seen.messages += row.messages;
      seen.records += row.records;
    } else pending.rollups.set(key, { ...row });
  }
}

const boolArray = (values: boolean[]) => `{${values.map((v) => (v ? 't' : 'f')).join(',')}}`;

export async function flushPending(trx: Db, pending: Pending): Promise<void> {
  if (pending.ips.size === 0 && pending.rollups.size === 0) return;
  const rows = [...pending.rollups.values()];
  const text = (k: 'day' | 'domain' | 'source_ip' | 'disposition') => textArray(rows.map((r) => r[k]));
  const int = (k: 'organization_id' | 'messages' | 'records') => intArray(rows.map((r) => r[k]));
  const bool = (k: keyof RollupRow) => boolArray(rows.map((r) => r[k] === true));
  await sql`with ins_ip as (
      insert into ip_enrichment (ip)
      select ip from unnest(${textArray([...pending.ips])}::text[]) as u(ip) order by ip
      on conflict do nothing
    )
    insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth, spf_auth,
      dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select u.day, u.organization_id, u.domain, u.source_ip,
      (select e.sender_service from ip_enrichment e where e.ip = u.source_ip), u.dkim_auth, u.spf_auth,
      u.dkim_aligned, u.spf_aligned, u.dmarc_pass, u.disposition, u.messages, u.records
    from unnest(${text('day')}::date[], ${int('organization_id')}::int[], ${text('domain')}::text[],
      ${text('source_ip')}::text[], ${bool('dkim_auth')}::bool[], ${bool('spf_auth')}::bool[],
      ${bool('dkim_aligned')}::bool[], ${bool('spf_aligned')}::bool[], ${bool('dmarc_pass')}::bool[],
      ${text('disposition')}::text[], ${int('messages')}::int8[], ${int('records')}::int[])
      as u(day, organization_id, domain, source_ip, dkim_auth, spf_auth, dkim_aligned, spf_aligned, dmarc_pass,
        disposition, messages, records)
    order by u.organization_id, u.domain, u.day, u.source_ip, u.dkim_auth, u.spf_auth, u.dkim_aligned,
      u.spf_aligned, u.disposition
    ${rollupOnConflict}`.execute(trx);
}
