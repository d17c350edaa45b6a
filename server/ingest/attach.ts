import { sql } from 'kysely';
import type { Db } from '../db/database';
import { rollupStoredReports } from './rollups';

// Held reports (no organization verified their policy domain when they arrived: ownership.ts) wait with
// organization_id null. When an organization verifies the domain, they (and those of its subdomains) become
// that organization's, and the aggregate ones are folded into its rollups. Idempotent: a second call finds
// nothing left to attach.

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
  for (const table of ['dmarc_reports', 'tls_reports', 'failure_reports'] as const)
    await sql`delete from ${sql.table(table)} h using ${sql.table(table)} o
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
  const tls = await db
    .updateTable('tls_reports')
    .set({ organization_id: organizationId })
    .where(matches)
    .returning('id')
    .execute();
  const failure = await db
    .updateTable('failure_reports')
    .set({ organization_id: organizationId })
    .where(matches)
    .returning('id')
    .execute();
  return { aggregate: aggregate.length, tls: tls.length, failure: failure.length };
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
