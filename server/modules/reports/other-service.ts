import type { z } from 'zod';
import { snakeCaseKeys } from '../../../contract/casing';
import type { failureReportList, tlsReportList } from '../../../contract/other-reports';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { otherReportsPage, reportFile } from './repo';
import type { ReportScope } from './scope';

// TLS and failure report lists, and the original file of any stored report.

const types = { tls_reports: 'tls-reports', failure_reports: 'failure-reports' } as const;
type Table = keyof typeof types;
type ListOf = { tls_reports: typeof tlsReportList; failure_reports: typeof failureReportList };

export async function listOtherReports<T extends Table>(
  db: Db,
  table: T,
  scope: ReportScope,
  q: { page: number; page_size: number; domain?: string },
  url: string,
) {
  const p = paging(q);
  const { n, rows } = await otherReportsPage(db, table, scope, q.domain, p.offset, p.pageSize);
  const data = rows.map((r) => ({
    type: types[table],
    id: r.id,
    attributes: {
      organization: r.organization_id,
      domain: r.domain,
      org_name: r.org_name,
      report_id: r.report_id,
      begin_date: new Date(r.begin_date).toISOString(),
      end_date: new Date(r.end_date).toISOString(),
      records_count: r.records_count,
      messages_count: Number(r.messages_count),
      ...r.summary,
      // Stored as the parser's object (camelCase); the wire is snake_case like every other key.
      details: snakeCaseKeys(r.details),
      warnings: r.warnings,
      source: r.source,
      received_at: new Date(r.received_at).toISOString(),
      has_file: r.file_id !== null,
    },
  }));
  // summary and details are stored JSON: the route's contract schema checks them on the way out.
  const list = { data, links: pageLinks(url, p, Number(n)), meta: pageMeta(p, Number(n)) };
  return list as unknown as z.input<ListOf[T]>;
}

export async function originalFile(
  db: Db,
  table: 'dmarc_reports' | Table,
  scope: ReportScope,
  id: number,
): Promise<{ name: string; content: Buffer }> {
  const row = await reportFile(db, table, scope, id);
  if (!row) throw notFound();
  return { name: row.name.split(/[\\/]/).pop() || 'report', content: Buffer.from(row.content) };
}
