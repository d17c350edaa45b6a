import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import type { ReportScope } from './scope';
import { recordDkimSignatures, recordSpfResults } from './auth-results';
import { aggregateReportsPage, dkimSignatureRows, findAggregate, type ListQuery, recordRows } from './repo';

// Reads of stored reports, always through the caller's scope.

const iso = (d: Date | string) => new Date(d).toISOString();

export async function listAggregateReports(db: Db, scope: ReportScope, q: ListQuery, url: string) {
  const p = paging(q);
  const { n, rows } = await aggregateReportsPage(db, scope, q, p.offset, p.pageSize);
  return { data: rows.map(aggregateResource), links: pageLinks(url, p, n), meta: pageMeta(p, n) };
}

type AggregateRow = Awaited<ReturnType<typeof findAggregate>>;

// Field by field, so a row stored before a tag was kept (np, testing, discovery_method) still answers every
// key of the contract (contract/reports.ts), as null.
function policyPublished(domain: string, p: NonNullable<AggregateRow>['policy']) {
  return {
    domain,
    adkim: p.adkim,
    aspf: p.aspf,
    p: p.p,
    sp: p.sp ?? null,
    np: p.np ?? null,
    pct: p.pct ?? null,
    fo: p.fo ?? null,
    testing: p.testing ?? null,
    discovery_method: p.discovery_method ?? null,
  };
}

export function aggregateResource(r: NonNullable<AggregateRow>) {
  return {
    type: 'aggregate-reports' as const,
    id: r.id,
    attributes: {
      organization: r.organization_id,
      domain: r.domain,
      org_name: r.org_name,
      email: r.email,
      extra_contact_info: r.extra_contact_info,
      report_id: r.report_id,
      begin_date: iso(r.begin_date),
      end_date: iso(r.end_date),
      version: r.version,
      generator: r.generator,
      errors: r.errors,
      policy_published: policyPublished(r.domain, r.policy),
      records_count: r.records_count,
      messages_count: Number(r.messages_count),
      warnings: r.warnings,
      source: r.source,
      received_at: iso(r.received_at),
      has_file: r.file_id !== null,
    },
  };
}

export async function aggregateReport(db: Db, scope: ReportScope, id: number) {
  const row = await findAggregate(db, scope, id);
  if (!row) throw notFound();
  return { data: aggregateResource(row) };
}

export async function reportRecords(
  db: Db,
  scope: ReportScope,
  id: number,
  q: { page: number; page_size: number },
  url: string,
) {
  const report = await findAggregate(db, scope, id);
  if (!report) throw notFound();
  const p = paging(q);
  const day = new Date(report.begin_date).toISOString().slice(0, 10);
  const rows = await recordRows(db, id, day, p.offset, p.pageSize);
  const data = rows.map((r) => ({
    type: 'dmarc-records' as const,
    id: r.id,
    attributes: {
      source_ip: r.source_ip,
      reverse_dns: r.ptr,
      sender_service: r.sender_service,
      count: r.count,
      disposition: r.disposition,
      dkim: r.dkim,
      spf: r.spf,
      reasons: r.reasons,
      header_from: r.header_from,
      envelope_from: r.envelope_from,
      envelope_to: r.envelope_to,
      spf_results: recordSpfResults(r.spf_results),
    },
    dkim_signatures: recordDkimSignatures(r.id, r.dkim_results),
  }));
  return { data, links: pageLinks(url, p, report.records_count), meta: pageMeta(p, report.records_count) };
}

/** DKIM signatures seen for a domain (its own and its subdomains'), one per domain and selector. */
export async function dkimSignatures(db: Db, scope: ReportScope, domain: string) {
  const name = domain.toLowerCase().replace(/\.$/, '');
  const rows = await dkimSignatureRows(db, scope, name);
  return {
    data: rows.map((r) => ({
      type: 'dkim-signatures' as const,
      id: `${r.domain}:${r.selector ?? ''}`,
      attributes: {
        domain: r.domain,
        selector: r.selector,
        messages: Number(r.messages),
        passed: Number(r.passed),
        last_seen: iso(r.last_seen),
      },
    })),
  };
}
