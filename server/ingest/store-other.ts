import type { Db } from '../db/database';
import type { ReportSource } from '../db/schema-reports';
import { reportKey, summarise } from '../dmarc/report-key';
import type { FailureReport, TlsReport } from '../dmarc/types';
import { cleanText, epochDate, toJson } from './clean';
import { sql } from 'kysely';

// TLS (RFC 8460) and failure (RFC 6591 / RFC 9991) reports: small, stored whole as jsonb beside the key
// columns that de-duplicate them and the totals the lists show.

/** fileId: the report's own bytes; receivedFileId: the file as received (the same row for a lone report). */
type Ctx = {
  organizationId: number | null;
  fileId: number | null;
  receivedFileId: number | null;
  source: ReportSource;
};

function tlsSummary(report: TlsReport) {
  let successful = 0;
  let failed = 0;
  for (const p of report.policies) {
    successful += p.summary.totalSuccessfulSessionCount;
    failed += p.summary.totalFailureSessionCount;
  }
  return {
    successful_sessions: successful,
    failed_sessions: failed,
    policy_types: [...new Set(report.policies.map((p) => p.policy.type))],
    contact_info: report.contactInfo,
  };
}

function failureSummary(report: FailureReport) {
  return {
    source_ip: report.sourceIp,
    auth_failure: report.authFailure,
    arrival_date: report.arrivalDate?.toISOString() ?? null,
    original_mail_from: report.originalMailFrom,
    delivery_result: report.deliveryResult,
    dkim_domain: report.dkim.domain,
    dkim_selector: report.dkim.selector,
  };
}

/**
 * Returns the new row's id, or null for a duplicate. With no organization the report is held (migration
 * 0048) under an id of its table's sequence; `heldId` stores a held report under the id it had.
 */
export async function storeOther(trx: Db, report: TlsReport | FailureReport, ctx: Ctx & { heldId?: number }) {
  const key = reportKey(report);
  const table = report.kind === 'tls' ? 'tls_reports' : 'failure_reports';
  if (ctx.organizationId === null) return holdOther(trx, report, ctx, table);
  const totals = summarise(report);
  const summary = report.kind === 'tls' ? tlsSummary(report) : failureSummary(report);
  const inserted = await trx
    .insertInto(table)
    .values({
      ...(ctx.heldId === undefined ? {} : { id: ctx.heldId }),
      organization_id: ctx.organizationId,
      domain: cleanText(key.domain.toLowerCase()),
      org_name: cleanText(key.orgName),
      report_id: cleanText(key.reportId),
      begin_date: epochDate(key.begin),
      end_date: epochDate(key.end),
      records_count: totals.records,
      messages_count: totals.messages,
      summary: toJson(summary),
      details: toJson(report),
      warnings: toJson(report.warnings),
      file_id: ctx.fileId,
      received_file_id: ctx.receivedFileId,
      source: ctx.source,
    })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'org_name', 'report_id', 'domain', 'begin_date', 'end_date'])
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Holds a report no organization owns (RFC 8460 / RFC 6591 reports carry the domain they are about). */
async function holdOther(
  trx: Db,
  report: TlsReport | FailureReport,
  ctx: Ctx,
  table: 'tls_reports' | 'failure_reports',
) {
  const key = reportKey(report);
  const inserted = await trx
    .insertInto('held_reports')
    .values({
      id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))`,
      kind: report.kind,
      domain: cleanText(key.domain.toLowerCase()),
      org_name: cleanText(key.orgName),
      report_id: cleanText(key.reportId),
      begin_date: epochDate(key.begin),
      end_date: epochDate(key.end),
      report: toJson(report),
      file_id: ctx.fileId,
      received_file_id: ctx.receivedFileId,
      source: ctx.source,
    })
    .onConflict((oc) => oc.constraint('held_reports_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** A held report as parsed again: its dates come back from JSON as text. */
export function revivedReport(kind: 'tls' | 'failure', json: unknown): TlsReport | FailureReport {
  if (kind === 'tls') {
    const r = json as TlsReport & { dateRange: { start: string; end: string } };
    return { ...r, dateRange: { start: new Date(r.dateRange.start), end: new Date(r.dateRange.end) } };
  }
  const r = json as FailureReport & { arrivalDate: string | null };
  return { ...r, arrivalDate: r.arrivalDate === null ? null : new Date(r.arrivalDate) };
}
