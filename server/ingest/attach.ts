import { sql } from 'kysely';
import type { Db } from '../db/database';
import { rollupStoredReports } from './rollups';
import { revivedReport, storeOther } from './store-other';

// Held reports (no organization verified their policy domain when they arrived: ownership.ts) wait: aggregate
// ones in dmarc_reports with organization_id null, TLS and failure ones in held_reports (migration 0048).
// When an organization verifies the domain, they (and those of its subdomains) become that organization's:
// the aggregate ones by setting organization_id and folding them into its rollups, the others stored
// through the normal path under the ids they were held with, their held rows deleted. Idempotent: a second
// call finds nothing left to attach.

export type AttachResult = { aggregate: number; tls: number; failure: number };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function attachPendingReports(
  db: Db,
  organizationId: number,
  domain: string,
): Promise<AttachResult> {
  const name = domain.toLowerCase().replace(/\.$/, '');
  const pattern = `%.${likeEscape(name)}`;
  const matches = sql<boolean>`organization_id is null and (domain = ${name} or domain like ${pattern})`;
  // A held copy of a report the organization already has (sent to its own address) is a duplicate under the
  // per-organization key (migration 0046): dropped, with its records, rather than attached a second time.
  await sql`delete from dmarc_reports h using dmarc_reports o
      where h.organization_id is null and (h.domain = ${name} or h.domain like ${pattern})
        and o.organization_id = ${organizationId} and o.org_name = h.org_name and o.report_id = h.report_id
        and o.domain = h.domain and o.begin_date = h.begin_date and o.end_date = h.end_date`.execute(db);
  const aggregate = await db
    .updateTable('dmarc_reports')
    .set({ organization_id: organizationId })
    .where(matches)
    .returning('id')
    .execute();
  const ids = aggregate.map((r) => r.id);
  // Their records held organization 0 in their key (migration 0042); now the organization's.
  if (ids.length > 0)
    await sql`update dmarc_records set organization_id = ${organizationId}
      where report_id = any(${ids}::bigint[]) and organization_id = 0`.execute(db);
  await rollupStoredReports(db, ids);
  const other = await storeHeld(db, organizationId, name, pattern);
  return { aggregate: aggregate.length, ...other };
}

/** Stores the held TLS and failure reports of the domain for the organization; a copy it has is dropped. */
async function storeHeld(db: Db, organizationId: number, name: string, pattern: string) {
  const held = await db
    .deleteFrom('held_reports')
    .where(sql<boolean>`domain = ${name} or domain like ${pattern}`)
    .returningAll()
    .execute();
  const out = { tls: 0, failure: 0 };
  for (const h of held.sort((x, y) => x.id - y.id)) {
    const stored = await storeOther(db, revivedReport(h.kind, h.report), {
      organizationId,
      fileId: h.file_id,
      receivedFileId: h.received_file_id,
      source: h.source,
      heldId: h.id,
    });
    if (stored !== null) out[h.kind] += 1;
  }
  return out;
}

/**
 * The hook for the domains module: call it in the transaction that marks a domain verified, so the reports
 * held for that domain become the organization's in the same commit. Adding a domain (pending) releases
 * nothing: that would hand anyone the reports of a name they merely typed.
 */
export async function onDomainVerified(
  trx: Db,
  domain: { name: string; organization_id: number },
): Promise<AttachResult> {
  return attachPendingReports(trx, domain.organization_id, domain.name);
}
