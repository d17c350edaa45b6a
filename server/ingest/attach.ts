import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import { ensureMonths, partitionLock } from '../db/partitions';
import type { HeldReportsTable } from '../db/schema-reports';
import type { AggregateReport, Report } from '../dmarc/types';
import { utcDay } from './clean';
import { addPending, emptyPending, flushPending, type Pending } from './flush';
import { revivedReport } from './hold';
import { storeAggregate } from './store-aggregate';
import { storeOther } from './store-other';

// Held reports (no organization verified their policy domain when they arrived: ownership.ts) wait in
// held_reports (hold.ts). When an organization verifies the domain, they (and those of its subdomains) are
// stored for it through the normal paths under the ids they were held with, keeping the time they arrived,
// aggregate ones with their rollups, and their held rows deleted. A held copy of a report the organization
// already has (sent to its own address) is a duplicate under the per-organization key (migration 0046):
// dropped. Idempotent: a second call finds nothing left to attach.

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

/** Held reports taken per round: their JSON and parsed reports are in memory together. */
const perRound = 20;

async function attach(trx: Db, organizationId: number, domain: string): Promise<AttachResult> {
  const name = domain.toLowerCase().replace(/\.$/, '');
  const pattern = `%.${likeEscape(name)}`;
  const out: AttachResult = { aggregate: 0, tls: 0, failure: 0 };
  let locked = false;
  for (;;) {
    const rows = await trx
      .deleteFrom('held_reports')
      .where(
        sql<boolean>`(kind, id) in (select kind, id from held_reports
          where domain = ${name} or domain like ${pattern} order by kind, id limit ${perRound})`,
      )
      .returningAll()
      .execute();
    if (rows.length === 0) return out;
    const reports = rows
      .sort((x, y) => x.kind.localeCompare(y.kind) || x.id - y.id)
      .map((h) => ({ h, report: revivedReport(h.kind, h.report) }));
    const days = reports.flatMap(({ report }) => (report.kind === 'aggregate' ? [aggregateDay(report)] : []));
    if (days.length > 0 && !locked) {
      // The records go to their months' partitions, which retention may have dropped while they were held
      // (a held report is in none): created again here, with retention's drop of a month
      // (retention-months.ts) kept out until this transaction ends.
      await partitionLock.execute(trx);
      locked = true;
    }
    if (days.length > 0) await ensureMonths(trx, days);
    const pending = emptyPending();
    for (const { h, report } of reports)
      if (await storeHeld(trx, organizationId, h, report, pending)) out[report.kind] += 1;
    // Their rollups, and their source IPs queued for enrichment, as a batch of ingestion writes them.
    await flushPending(trx, pending, new Set());
  }
}

/** Stores one held report for the organization under its held id; false: it has a copy already. */
async function storeHeld(
  trx: Db,
  organizationId: number,
  h: Selectable<HeldReportsTable>,
  report: Report,
  pending: Pending,
): Promise<boolean> {
  const files = { fileId: h.file_id, receivedFileId: h.received_file_id };
  const was = { id: h.id, receivedAt: h.received_at };
  if (report.kind !== 'aggregate') {
    const ctx = { organizationId, ...files, source: h.source, held: was };
    return (await storeOther(trx, report, ctx)) !== null;
  }
  const held = { ...was, ...files };
  const done = await storeAggregate(trx, report, { organizationId, held, source: h.source });
  if (done) addPending(pending, done.ips, done.rollups);
  return done !== null;
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
