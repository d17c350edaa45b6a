import { sql } from 'kysely';
import type { Db } from '../db/database';
import { reportKey, summarise } from '../dmarc/report-key';
import type { Report } from '../dmarc/types';
import { saveOriginalFile } from './files';
import { addPending, emptyPending, flushPending } from './flush';
import { findDomainOwners } from './ownership';
import { storeAggregate } from './store-aggregate';
import { storeOther } from './store-other';
import type { IncomingFile, IngestOptions, StoredReport } from './types';

// Stores the reports of one or more parsed files in ONE transaction, each report all or nothing behind its
// own SAVEPOINT: a duplicate, a report for another tenant or a failing report is rolled back to its savepoint
// and the others are kept. The IPs to enrich and the rollups of the stored reports are written once at the
// end (flush.ts). A deadlock or serialization failure (the codes PostgreSQL asks clients to retry) retries
// the whole batch from the start.

export type ParsedFile = { file: IncomingFile; digest: string; reports: Report[] };

/** Per file: the stored reports, or the error that stopped one of them (an internal error, not the file's). */
export type BatchOutcome = { reports: StoredReport[]; error?: unknown };

const retryable = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
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
  };
}

async function runBatch(trx: Db, files: ParsedFile[], options: IngestOptions): Promise<BatchOutcome[]> {
  const owners = await findDomainOwners(trx, [
    ...new Set(files.flatMap((f) => f.reports.map((r) => reportKey(r).domain))),
  ]);
  const pending = emptyPending();
  const out: BatchOutcome[] = [];
  for (const parsed of files) {
    const fileRef = { digest: parsed.digest, id: null as number | null };
    const outcome: BatchOutcome = { reports: [] };
    out.push(outcome);
    for (const report of parsed.reports) {
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
        if (report.kind === 'aggregate') {
          const ctx = {
            organizationId,
            file: parsed.file,
            fileRef,
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
          id = await storeOther(trx, report, { organizationId, fileId, source: parsed.file.source });
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
  await flushPending(trx, pending);
  return out;
}

export async function storeBatch(db: Db, files: ParsedFile[], options: IngestOptions = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => runBatch(trx, files, options));
    } catch (e) {
      if (!retryable(e) || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}
