import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { scopeCondition, type ReportScope } from './scope';
import { recordDkimSignatures, recordSpfResults } from './auth-results';

// Reads of stored reports, always through the caller's scope.

type ListQuery = {
  page: number;
  page_size: number;
  domain?: string;
  begin_date?: string;
  end_date?: string;
  search?: string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function filtered(db: Db, scope: ReportScope, q: ListQuery) {
  let query = db.selectFrom('dmarc_reports as r').where(scopeCondition(scope));
  if (q.domain) query = query.where('r.domain', '=', q.domain.toLowerCase());
  if (q.begin_date) query = query.where('r.end_date', '>=', new Date(`${q.begin_date}T00:00:00Z`));
  if (q.end_date)
    query = query.where('r.begin_date', '<', new Date(Date.parse(`${q.end_date}T00:00:00Z`) + 86_400_000));
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('r.org_name', 'ilike', like), eb('r.report_id', 'ilike', like)]));
  }
  return query;
}

export async function listAggregateReports(db: Db, scope: ReportScope, q: ListQuery, url: string) {
  const p = paging(q);
  const base = filtered(db, scope, q);
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('r')
    .orderBy('r.begin_date', 'desc')
    .orderBy('r.id', 'desc')
    .offset(p.offset)
    .limit(p.pageSize)
    .execute();
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

function findAggregate(db: Db, scope: ReportScope, id: number) {
  return db
    .selectFrom('dmarc_reports as r')
    .selectAll('r')
    .where(scopeCondition(scope))
    .where('r.id', '=', id)
    .executeTakeFirst();
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
  const rows = await db
    .selectFrom('dmarc_records as d')
    .leftJoin('ip_enrichment as e', 'e.ip', 'd.source_ip')
    .selectAll('d')
    .select(['e.ptr', 'e.sender_service'])
    .where('d.report_id', '=', id)
    // The report's day: only its month's partition is read (migration 0042).
    .where('d.day', '=', new Date(report.begin_date).toISOString().slice(0, 10))
    .orderBy('d.id')
    .offset(p.offset)
    .limit(p.pageSize)
    .execute();
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
  const { rows } = await sql<{
    domain: string;
    selector: string | null;
    messages: string | number;
    passed: string | number;
    last_seen: Date;
  }>`select k.domain, k.selector, sum(d.count) as messages,
      sum(case when k.result = 'pass' then d.count else 0 end) as passed, max(r.end_date) as last_seen
    from dmarc_reports r
    join dmarc_records d on d.report_id = r.id
    cross join lateral jsonb_to_recordset(d.dkim_results) as k(domain text, selector text, result text)
    where ${scopeCondition(scope)} and (k.domain = ${name} or k.domain like ${`%.${name}`})
    group by k.domain, k.selector
    order by k.domain, k.selector`.execute(db);
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
