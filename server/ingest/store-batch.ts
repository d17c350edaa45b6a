import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ensureMonths, forgetMonths, missingPartition } from '../db/partitions';
import { reportKey, summarise } from '../dmarc/report-key';
import type { Report } from '../dmarc/types';
import { utcDay } from './clean';
import { saveOriginalFile } from './files';
import { addPending, emptyPending, flushPending, knownIps, rememberIps, type Pending } from './flush';
import { findDomainOwners } from './ownership';
import { storeAggregate } from './store-aggregate';
import { fitsBatch, storeAggregates, type BatchReport } from './store-aggregates';
import { holdReport } from './hold';
import { storeOther } from './store-other';
import { queueAlertEvaluations } from '../modules/alerts';
import type { IncomingFile, IngestOptions, OwnFile, StoredReport } from './types';

// Stores the reports of one or more parsed files in ONE transaction, each report all or nothing: the plain
// small aggregate reports together in one statement (storeTogether), anything else, and everything again if
// that statement fails, behind a SAVEPOINT per report: a duplicate, a report for another tenant or a failing
// report is rolled back to its savepoint and the others are kept; a report no organization owns is held
// (hold.ts). The IPs to enrich and the rollups of the stored reports are written once at the end
// (flush.ts). A deadlock or serialization failure (the codes PostgreSQL asks clients to retry) retries the
// whole batch from the start, as does a write that found its month's partition gone (partitions.ts).

/** `own[i]`: report i's own bytes when they are not the whole file (docs/INGESTION.md); absent: all are. */
export type ParsedFile = { file: IncomingFile; digest: string; reports: Report[]; own?: (OwnFile | null)[] };

/** Per file: the stored reports, or the error that stopped one of them (an internal error, not the file's). */
export type BatchOutcome = { reports: StoredReport[]; error?: unknown };

const retryable = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001' || missingPartition(e);
};

function base(report: Report) {
  const key = reportKey(report);
  const totals = summarise(report);
  return {
    kind: report.kind,
    orgName: key.orgName,
    reportId: key.reportId,
    domain: key.domain,
    records: totals.records,
    messages: totals.messages,
    begin: key.begin,
    end: key.end,
  };
}

type Owners = Map<string, number | null>;

/**
 * The batch's plain files (every report aggregate, small, for a domain the caller may write) in one statement
 * behind one savepoint (store-aggregates.ts). Returns the indexes of the files it stored; on any failure it
 * rolls back to its savepoint and returns none, and the caller stores them one report at a time.
 */
async function storeTogether(
  trx: Db,
  files: ParsedFile[],
  owners: Owners,
  options: IngestOptions,
  pending: Pending,
  out: BatchOutcome[],
): Promise<Set<number>> {
  const picked: number[] = [];
  const items: BatchReport[] = [];
  files.forEach((parsed, index) => {
    // A file whose reports have bytes of their own (a zip, an e-mail) goes one report at a time.
    if (parsed.own?.some((o) => o !== null)) return;
    const fileRef = { digest: parsed.digest, id: null as number | null };
    const mine: BatchReport[] = [];
    for (const report of parsed.reports) {
      if (report.kind !== 'aggregate' || !fitsBatch(report)) return;
      const organizationId = owners.get(reportKey(report).domain) ?? null;
      if (options.onlyOrganization !== undefined && organizationId !== options.onlyOrganization) return;
      mine.push({ report, ctx: { organizationId, file: parsed.file, fileRef, source: parsed.file.source } });
    }
    picked.push(index);
    items.push(...mine);
  });
  if (items.length < 2) return new Set();
  await sql`savepoint together`.execute(trx);
  let stored: Awaited<ReturnType<typeof storeAggregates>>;
  try {
    stored = await storeAggregates(trx, items);
    for (let i = 0; i < items.length; i++) {
      if (!stored[i] || !options.stage) continue;
      const id = items[i].report.reportMetadata.reportId;
      for (const stage of ['report', 'records', 'rollups'] as const) await options.stage(stage, id);
    }
  } catch (e) {
    if (retryable(e)) throw e;
    await sql`rollback to savepoint together`.execute(trx);
    for (const item of items) item.ctx.fileRef.id = null;
    return new Set();
  }
  let i = 0;
  for (const index of picked) {
    for (const report of files[index].reports) {
      const { ctx } = items[i];
      const done = stored[i++];
      if (done) addPending(pending, done.ips, done.rollups);
      out[index].reports.push({
        ...base(report),
        status: done ? 'imported' : 'duplicate',
        id: done?.id ?? null,
        organizationId: done ? ctx.organizationId : null,
      });
    }
  }
  return new Set(picked);
}

async function runBatch(
  trx: Db,
  files: ParsedFile[],
  options: IngestOptions,
  known: ReadonlySet<string>,
  pending: Pending,
): Promise<BatchOutcome[]> {
  const owners = await findDomainOwners(
    trx,
    [...new Set(files.flatMap((f) => f.reports.map((r) => reportKey(r).domain)))],
    options.addressedTo,
  );
  const out: BatchOutcome[] = files.map(() => ({ reports: [] }));
  const together = await storeTogether(trx, files, owners, options, pending, out);
  for (const [index, parsed] of files.entries()) {
    if (together.has(index)) continue;
    const fileRef = { digest: parsed.digest, id: null as number | null };
    const outcome = out[index];
    for (const [i, report] of parsed.reports.entries()) {
      const own = parsed.own?.[i] ?? null;
      const key = reportKey(report);
      const organizationId = owners.get(key.domain) ?? null;
      if (options.onlyOrganization !== undefined && organizationId !== options.onlyOrganization) {
        const reason = `The report is for ${key.domain}, which is not a domain of your organization`;
        outcome.reports.push({ ...base(report), status: 'rejected', id: null, organizationId: null, reason });
        continue;
      }
      await sql`savepoint report`.execute(trx);
      try {
        let id: number | null;
        if (report.kind === 'aggregate' && organizationId !== null) {
          const ctx = {
            organizationId,
            file: parsed.file,
            fileRef,
            own,
            source: parsed.file.source,
            stage: options.stage,
          };
          const stored = await storeAggregate(trx, report, ctx);
          id = stored?.id ?? null;
          if (stored) {
            fileRef.id = stored.fileId;
            addPending(pending, stored.ips, stored.rollups);
          }
        } else {
          const fileId = fileRef.id ?? (await saveOriginalFile(trx, parsed.file, fileRef.digest));
          const ownId = own ? await saveOriginalFile(trx, own.file, own.digest) : fileId;
          const files = { fileId: ownId, receivedFileId: fileId, source: parsed.file.source };
          // Unless an organization owns it: held (hold.ts) until one verifies its domain (attach.ts).
          id =
            report.kind !== 'aggregate' && organizationId !== null
              ? await storeOther(trx, report, { organizationId, ...files })
              : await holdReport(trx, report, files);
          if (id !== null) fileRef.id = fileId;
        }
        if (id === null) await sql`rollback to savepoint report`.execute(trx);
        outcome.reports.push({
          ...base(report),
          status: id === null ? 'duplicate' : 'imported',
          id,
          organizationId: id === null ? null : organizationId,
        });
      } catch (e) {
        if (retryable(e)) throw e;
        await sql`rollback to savepoint report`.execute(trx);
        outcome.error = e;
        break;
      }
    }
  }
  await flushPending(trx, pending, known);
  // Alert rules judge the days these reports cover, by jobs queued in this same transaction.
  await queueAlertEvaluations(trx, touchedDays(files, out));
  return out;
}

/** The (organization, policy domain, UTC day) of each aggregate and TLS report the batch stored. */
function touchedDays(files: ParsedFile[], out: BatchOutcome[]) {
  return files.flatMap((parsed, index) =>
    parsed.reports.flatMap((report, i) => {
      const stored = out[index].reports[i];
      if (report.kind === 'failure' || stored?.status !== 'imported' || stored.organizationId === null)
        return [];
      const begin =
        report.kind === 'aggregate' ? report.reportMetadata.dateRange.begin : reportKey(report).begin;
      const day = utcDay(begin);
      return [{ organizationId: stored.organizationId, domain: stored.domain, day }];
    }),
  );
}

/** The UTC begin days of the batch's aggregate reports: the months its records and rollups go to. */
const batchDays = (files: ParsedFile[]) =>
  files.flatMap((f) =>
    f.reports.flatMap((r) => (r.kind === 'aggregate' ? [utcDay(r.reportMetadata.dateRange.begin)] : [])),
  );

export async function storeBatch(db: Db, files: ParsedFile[], options: IngestOptions = {}) {
  const known = knownIps(db);
  for (let attempt = 1; ; attempt++) {
    try {
      // Before the batch's transaction: creating a partition locks its parent, briefly (partitions.ts).
      await ensureMonths(db, batchDays(files));
      const pending = emptyPending();
      const out = await db.transaction().execute((trx) => runBatch(trx, files, options, known, pending));
      rememberIps(known, pending);
      return out;
    } catch (e) {
      // A month another process dropped (retention) after this one saw it: look again and retry.
      if (missingPartition(e)) forgetMonths(db);
      if (!retryable(e) || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}
