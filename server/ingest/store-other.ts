import type { Db } from '../db/database';
import type { ReportSource } from '../db/schema-reports';
import { reportKey, summarise } from '../dmarc/report-key';
import type { FailureReport, TlsReport } from '../dmarc/types';
import { cleanText, epochDate, toJson } from './clean';

// TLS (RFC 8460) and failure (RFC 6591 / RFC 9991) reports: small, stored whole as jsonb beside the key
// columns that de-duplicate them and the totals the lists show.

/** fileId: the report's own bytes; receivedFileId: the file as received (the same row for a lone report). */
type Ctx = {
  organizationId: number;
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
 * Returns the new row's id, or null for a duplicate. `held`: a held report (hold.ts) stored under the id it
 * was held with, and the time it arrived.
 */
export async function storeOther(
  trx: Db,
  report: TlsReport | FailureReport,
  ctx: Ctx & { held?: { id: number; receivedAt: Date } },
) {
  const key = reportKey(report);
  const table = report.kind === 'tls' ? 'tls_reports' : 'failure_reports';
  const totals = summarise(report);
  const summary = report.kind === 'tls' ? tlsSummary(report) : failureSummary(report);
  const inserted = await trx
    .insertInto(table)
    .values({
      ...(ctx.held === undefined ? {} : { id: ctx.held.id, received_at: ctx.held.receivedAt }),
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
