import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ensureMonths, partitionLock } from '../db/partitions';
import type { AggregateReport } from '../dmarc/types';
import { utcDay } from './clean';
import { addPending, emptyPending, flushPending } from './flush';
import { revivedReport } from './hold';
import { storeAggregate } from './store-aggregate';
import { storeOther } from './store-other';

// Held reports (no organization verified their policy domain when they arrived: ownership.ts) wait in
// held_reports (hold.ts). When an organization verifies the domain, they (and those of its subdomains) are
// stored for it through the normal paths under the ids they were held with, keeping the time they arrived,
// aggregate ones with their rollups, and their held rows deleted. A held copy of a report the organization already has (sent to its
// own address) is a duplicate under the per-organization key (migration 0046): dropped. Idempotent: a
// second call finds nothing left to attach.

export type AttachResult = { aggregate: number; tls: number; failure: number };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function attachPendingReports(
  db: Db,
  organizationId: number,
  domain: string,
): Promise<AttachResult> {
  // The held rows go and the reports come in together or not at all.
  return db.isTransaction
    ? attach(db, organizationId, domain)
    : db.transaction().execute((trx) => attach(trx, organizationId, domain));
}

async function attach(trx: Db, organizationId: number, domain: string): Promise<AttachResult> {
  const name = domain.toLowerCase().replace(/\.$/, '');
  const pattern = `%.${likeEscape(name)}`;
  const rows = await trx
    .deleteFrom('held_reports')
    .where(sql<boolean>`domain = ${name} or domain like ${pattern}`)
    .returningAll()
    .execute();
  const reports = rows
    .sort((x, y) => x.kind.localeCompare(y.kind) || x.id - y.id)
    .map((h) => ({ h, report: revivedReport(h.kind, h.report) }));
  const days = reports.flatMap(({ report }) => (report.kind === 'aggregate' ? [aggregateDay(report)] : []));
  if (days.length > 0) {
    // The records go to their months' partitions, which retention may have dropped while they were held (a
    // held report is in none): created again here, with retention's drop of a month (retention-months.ts)
    // kept out until this transaction ends.
    await partitionLock.execute(trx);
    await ensureMonths(trx, days);
  }
  const out: AttachResult = { aggregate: 0, tls: 0, failure: 0 };
  const pending = emptyPending();
  for (const { h, report } of reports) {
    const files = { fileId: h.file_id, receivedFileId: h.received_file_id };
    const was = { id: h.id, receivedAt: h.received_at };
    let stored: boolean;
    if (report.kind === 'aggregate') {
      const held = { ...was, ...files };
      const done = await storeAggregate(trx, report, { organizationId, held, source: h.source });
      if (done) addPending(pending, done.ips, done.rollups);
      stored = done !== null;
    } else {
      const ctx = { organizationId, ...files, source: h.source, held: was };
      stored = (await storeOther(trx, report, ctx)) !== null;
    }
    if (stored) out[report.kind] += 1;
  }
  // Their rollups, and their source IPs queued for enrichment, as a batch of ingestion writes them.
  await flushPending(trx, pending, new Set());
  return out;
}

const aggregateDay = (report: AggregateReport) => utcDay(report.reportMetadata.dateRange.begin);

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
