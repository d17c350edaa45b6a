import { sql } from 'kysely';
import type { Db } from '../db/database';
import { intArray, textArray } from './pg-array';
import { rollupOnConflict, type RollupRows } from './rollups';

// What a batch of stored reports adds outside their own tables, written once per batch in one statement:
// unseen source IPs queued for enrichment, and the rollup rows merged by key and upserted with the sender
// service already known for each IP. Both in sorted order, so concurrent batches lock rows in one order
// and cannot deadlock one another. The columns go as array literals (pg-array.ts), like the records'. The
// sender service is one primary-key probe per row: a join read all of ip_enrichment for every batch (a
// hash join, seen in EXPLAIN), which grows with every distinct IP ever seen.

export type Pending = { ips: Set<string>; rollups: RollupRows };

// Source IPs known to have their ip_enrichment row, per database: a batch queues only the others. Only
// committed batches add to it (rememberIps), and nothing ever deletes an ip_enrichment row, so a known IP
// stays known; a repeated sender then costs no index probe per batch (~1.2 µs a record, session 5). Bounded
// at 50,000 IPs (a few MB): when full it starts again empty, which only costs probes. 500,000 cost Node
// 0.6 s more per million records when every record had its own IP (`--distinct-ips`), for no hits.
const knownByDb = new WeakMap<object, Set<string>>();
const knownCap = 50_000;

export const knownIps = (db: Db): Set<string> => {
  let known = knownByDb.get(db);
  if (known === undefined) knownByDb.set(db, (known = new Set()));
  return known;
};

/** After the batch's transaction committed: its IPs now have their rows. */
export function rememberIps(known: Set<string>, pending: Pending, cap = knownCap): void {
  if (known.size + pending.ips.size > cap) known.clear();
  for (const ip of pending.ips) known.add(ip);
}

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

/** The rollup rows as one array literal per column (one pass over the rows, in their order). */
function rollupColumns(rollups: RollupRows) {
  const n = rollups.size;
  const text = (): string[] => new Array<string>(n);
  const [day, domain, sourceIp, disposition] = [text(), text(), text(), text()];
  const [dkimAuth, spfAuth, dkimAligned, spfAligned, dmarcPass] = [text(), text(), text(), text(), text()];
  const [organizationId, messages, records] = [
    new Array<number>(n),
    new Array<number>(n),
    new Array<number>(n),
  ];
  let i = 0;
  for (const r of rollups.values()) {
    day[i] = r.day;
    organizationId[i] = r.organization_id;
    domain[i] = r.domain;
    sourceIp[i] = r.source_ip;
    dkimAuth[i] = r.dkim_auth === true ? 't' : 'f';
    spfAuth[i] = r.spf_auth === true ? 't' : 'f';
    dkimAligned[i] = r.dkim_aligned === true ? 't' : 'f';
    spfAligned[i] = r.spf_aligned === true ? 't' : 'f';
    dmarcPass[i] = r.dmarc_pass === true ? 't' : 'f';
    disposition[i] = r.disposition;
    messages[i] = r.messages;
    records[i++] = r.records;
  }
  const bool = (values: string[]) => `{${values.join(',')}}`;
  return {
    day: textArray(day),
    organizationId: intArray(organizationId),
    domain: textArray(domain),
    sourceIp: textArray(sourceIp),
    dkimAuth: bool(dkimAuth),
    spfAuth: bool(spfAuth),
    dkimAligned: bool(dkimAligned),
    spfAligned: bool(spfAligned),
    dmarcPass: bool(dmarcPass),
    disposition: textArray(disposition),
    messages: intArray(messages),
    records: intArray(records),
  };
}

/** Writes the batch's rollups, and its IPs that `known` lacks (in the same transaction as the reports). */
export async function flushPending(trx: Db, pending: Pending, known: ReadonlySet<string>): Promise<void> {
  const fresh: string[] = [];
  for (const ip of pending.ips) if (!known.has(ip)) fresh.push(ip);
  if (fresh.length === 0 && pending.rollups.size === 0) return;
  const c = rollupColumns(pending.rollups);
  await sql`with ins_ip as (
      insert into ip_enrichment (ip)
      select ip from unnest(${textArray(fresh)}::text[]) as u(ip) order by ip
      on conflict do nothing
    )
    insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth, spf_auth,
      dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select u.day, u.organization_id, u.domain, u.source_ip,
      (select e.sender_service from ip_enrichment e where e.ip = u.source_ip), u.dkim_auth, u.spf_auth,
      u.dkim_aligned, u.spf_aligned, u.dmarc_pass, u.disposition, u.messages, u.records
    from unnest(${c.day}::date[], ${c.organizationId}::bigint[], ${c.domain}::text[],
      ${c.sourceIp}::text[], ${c.dkimAuth}::bool[], ${c.spfAuth}::bool[],
      ${c.dkimAligned}::bool[], ${c.spfAligned}::bool[], ${c.dmarcPass}::bool[],
      ${c.disposition}::text[], ${c.messages}::int8[], ${c.records}::int[])
      as u(day, organization_id, domain, source_ip, dkim_auth, spf_auth, dkim_aligned, spf_aligned, dmarc_pass,
        disposition, messages, records)
    order by u.organization_id, u.domain, u.day, u.source_ip, u.dkim_auth, u.spf_auth, u.dkim_aligned,
      u.spf_aligned, u.disposition
    ${rollupOnConflict}`.execute(trx);
}
