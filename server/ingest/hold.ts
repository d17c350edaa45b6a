import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ReportSource } from '../db/schema-reports';
import { reportKey } from '../dmarc/report-key';
import type { Report } from '../dmarc/types';
import { cleanText, epochDate, toJson } from './clean';

// A report no organization owns when it arrives (ownership.ts) is held: a row of held_reports with the
// parsed report as JSON, by domain, outside the tenant tables (migrations 0048 and 0058): a distribution
// column can be neither null nor changed (docs/SCALING.md). Its id is drawn from its report table's
// sequence and kept when attach.ts stores it for the organization that verifies the domain. A held copy
// of a held report is a duplicate (held_reports_key).

const reportTable = { aggregate: 'dmarc_reports', tls: 'tls_reports', failure: 'failure_reports' } as const;

/** fileId: the report's own bytes; receivedFileId: the file as received (the same row for a lone report). */
export type HeldFiles = { fileId: number | null; receivedFileId: number | null; source: ReportSource };

/** Returns the held row's id, or null when the same report is held already. */
export async function holdReport(trx: Db, report: Report, files: HeldFiles): Promise<number | null> {
  const key = reportKey(report);
  const inserted = await trx
    .insertInto('held_reports')
    .values({
      id: sql<number>`nextval(pg_get_serial_sequence(${reportTable[report.kind]}, 'id'))`,
      kind: report.kind,
      domain: cleanText(key.domain.toLowerCase()),
      org_name: cleanText(key.orgName),
      report_id: cleanText(key.reportId),
      begin_date: epochDate(key.begin),
      end_date: epochDate(key.end),
      report: toJson(report),
      file_id: files.fileId,
      received_file_id: files.receivedFileId,
      source: files.source,
    })
    .onConflict((oc) => oc.constraint('held_reports_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** A held report as parsed again: TLS and failure dates come back from JSON as text. */
export function revivedReport(kind: Report['kind'], json: unknown): Report {
  if (kind === 'aggregate') return json as Report;
  if (kind === 'tls') {
    const r = json as Report & { kind: 'tls'; dateRange: { start: string; end: string } };
    return { ...r, dateRange: { start: new Date(r.dateRange.start), end: new Date(r.dateRange.end) } };
  }
  const r = json as Report & { kind: 'failure'; arrivalDate: string | null };
  return { ...r, arrivalDate: r.arrivalDate === null ? null : new Date(r.arrivalDate) };
}
