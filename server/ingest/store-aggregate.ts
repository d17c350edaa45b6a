import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { ReportSource } from '../db/schema-reports';
import type { AggregateReport } from '../dmarc/types';
import { authElements, dkimCapWarning } from './auth-json';
import { cleanOptional, cleanText, epochDate, toJson, utcDay } from './clean';
import { intArray, textArray } from './pg-array';
import { maxDkimPerRecord } from '../modules/reports';
import { rollupRows, type RollupRows } from './rollups';
import type { IncomingFile, OwnFile, StageHook } from './types';

// Stores one aggregate report for its organization (one no organization owns is held instead: hold.ts)
// inside the caller's transaction (or savepoint) in one statement: data-modifying CTEs write the original
// file (unless already written), the header (nothing at all when it is a duplicate), and the records with
// ids drawn from their sequence, each with its DKIM and SPF results as jsonb. One round trip instead of one
// per table: a round trip costs ~0.6 ms, more than the rows of a small report.
// The IPs to enrich and the rollup rows are returned, not written: the caller writes them once per batch in
// one sorted statement (see flush.ts), so concurrent batches take row locks in one order.

/** Records per statement: bounds the parameter arrays (memory) of a very large report. */
export const recordsPerStatement = 5000;

/** A report as received: its files are written with it (unless stored already). */
export type ReceivedContext = {
  organizationId: number;
  file: IncomingFile;
  /** The received file; id is filled once its row is written, so later reports of the same file reuse it. */
  fileRef: { digest: string; id: number | null };
  /** The report's own bytes when they are not the whole received file (a zip member, an attachment). */
  own?: OwnFile | null;
  source: ReportSource;
  stage?: StageHook;
};

/**
 * A held report (hold.ts) stored for the organization that verified its domain (attach.ts): its files are
 * stored already, and it keeps the id it was held with and the time it arrived.
 */
export type HeldContext = {
  organizationId: number;
  held: { id: number; fileId: number | null; receivedFileId: number | null; receivedAt: Date };
  source: ReportSource;
  stage?: StageHook;
};

export type StoreContext = ReceivedContext | HeldContext;

export type StoredAggregate = { id: number; fileId: number | null; ips: string[]; rollups: RollupRows };

// Array parameters as literals built in pg-array.ts (cheaper than the driver's generic serialiser).
const arr = (values: (string | number | null)[], type: 'text' | 'int' | 'jsonb') =>
  sql`${type === 'int' ? intArray(values as number[]) : textArray(values as (string | null)[])}::${sql.raw(type)}[]`;

/** A slice of records as one array per column; `ord` (batch statement) says which report each belongs to. */
export type RecordColumns = ReturnType<typeof newRecordColumns>;

export const newRecordColumns = () => ({
  ip: [] as string[],
  count: [] as number[],
  disposition: [] as string[],
  dkim: [] as string[],
  spf: [] as string[],
  reasons: [] as (string | null)[],
  headerFrom: [] as string[],
  envelopeFrom: [] as (string | null)[],
  envelopeTo: [] as (string | null)[],
  extensions: [] as (string | null)[],
  // Auth results as jsonb array elements (auth-json.ts). A DKIM signature's id on the wire is record id ×
  // 10^6 + position (reports/auth-results.ts), so a record keeps at most 999,999 signatures: only a hostile
  // file could carry more (~50 bytes each, within the 200 MB decompression limit). Each distinct list goes
  // once and records point at it: the server parses a jsonb parameter at ~2 µs a value, and a statement's
  // records repeat a few hundred lists (insertRecords).
  dkimIdx: [] as number[],
  spfIdx: [] as number[],
  dkimLists: distinct(),
  spfLists: distinct(),
  ord: [] as number[],
  auth: authElements(maxDkimPerRecord),
});

/** Distinct texts in first-seen order; `add` gives a text's 1-based position (unnest's ordinality). */
function distinct() {
  const index = new Map<string, number>();
  const texts: string[] = [];
  const add = (text: string) => {
    let n = index.get(text);
    if (n === undefined) index.set(text, (n = texts.push(text)));
    return n;
  };
  return { texts, add };
}

export function addRecords(c: RecordColumns, report: AggregateReport, from: number, to: number, ord = 0) {
  for (let i = from; i < to; i++) {
    const r = report.records[i];
    c.ip.push(cleanText(r.sourceIp));
    c.count.push(r.count);
    c.disposition.push(r.policyEvaluated.disposition);
    c.dkim.push(r.policyEvaluated.dkim);
    c.spf.push(r.policyEvaluated.spf);
    // No reasons (nearly every record) goes as NULL: '[]' cost the server a jsonb parse each (~0.9 µs).
    c.reasons.push(r.policyEvaluated.reasons.length === 0 ? null : toJson(r.policyEvaluated.reasons));
    c.headerFrom.push(cleanText(r.identifiers.headerFrom));
    c.envelopeFrom.push(cleanOptional(r.identifiers.envelopeFrom));
    c.envelopeTo.push(cleanOptional(r.identifiers.envelopeTo));
    c.extensions.push(r.extensions?.length ? toJson(r.extensions) : null);
    c.dkimIdx.push(c.dkimLists.add(c.auth.dkim(r.authResults.dkim)));
    c.spfIdx.push(c.spfLists.add(c.auth.spf(r.authResults.spf)));
    c.ord.push(ord);
  }
}

/** `unnest(...) as t(...)` over the columns, with `ord` last when the statement needs it. */
export function recordsUnnest(c: RecordColumns, withOrd: boolean) {
  return sql`unnest(${sql.join([
    arr(c.ip, 'text'),
    arr(c.count, 'int'),
    arr(c.disposition, 'text'),
    arr(c.dkim, 'text'),
    arr(c.spf, 'text'),
    arr(c.reasons, 'jsonb'),
    arr(c.headerFrom, 'text'),
    arr(c.envelopeFrom, 'text'),
    arr(c.envelopeTo, 'text'),
    arr(c.extensions, 'jsonb'),
    arr(c.dkimIdx, 'int'),
    arr(c.spfIdx, 'int'),
    ...(withOrd ? [arr(c.ord, 'int')] : []),
  ])}) as t(source_ip, count, disposition, dkim, spf, reasons, header_from, envelope_from, envelope_to,
    extensions, dkim_idx, spf_idx${sql.raw(withOrd ? ', ord' : '')})`;
}

/** A statement's distinct DKIM or SPF lists (JSON texts, auth-json.ts) as one jsonb array. */
const listsJson = (lists: readonly string[]) => `[${lists.join(',')}]`;

/**
 * Inserts the records `rec` selects (id drawn, report_id, organization_id and day set: see recordOwner;
 * recordsUnnest's columns), each with its DKIM and SPF list taken by position from the statement's lists. The parameter is parsed once (a bound value
 * is a constant to the planner), `->` finds an element without reading the ones before it, and there is no
 * join: joining the lists by number made the planner sort the records (a merge join). `rec` is a subquery,
 * not a CTE, so its rows are not first copied into a tuplestore (the batch statement: −7%).
 */
export const insertRecords = (
  c: RecordColumns,
  rec: RawBuilder<unknown>,
) => sql`insert into dmarc_records (id, report_id, organization_id, day, source_ip,
    count, disposition, dkim, spf, reasons, header_from, envelope_from, envelope_to, extensions, dkim_results,
    spf_results)
  select rec.id, rec.report_id, rec.organization_id, rec.day, rec.source_ip, rec.count, rec.disposition,
    rec.dkim, rec.spf, coalesce(rec.reasons, '[]'::jsonb), rec.header_from, rec.envelope_from, rec.envelope_to,
    rec.extensions,
    ${listsJson(c.dkimLists.texts)}::jsonb -> (rec.dkim_idx - 1),
    ${listsJson(c.spfLists.texts)}::jsonb -> (rec.spf_idx - 1)
  from (${rec}) rec`;

function recordArrays(report: AggregateReport, from: number, to: number) {
  const c = newRecordColumns();
  addRecords(c, report, from, to);
  return { c, ips: c.ip };
}

/**
 * A record's organization and day, its report's (migration 0042: the records' partition key and the
 * organization for a distributed PostgreSQL).
 */
export const recordOwner = (report: AggregateReport, organizationId: number) => ({
  organizationId,
  day: utcDay(report.reportMetadata.dateRange.begin),
});

/** A report_files row: (sha256, name, size, content, source). */
export const fileValues = (digest: string, file: IncomingFile) =>
  sql`(${digest}, ${cleanText(file.name).slice(0, 255) || 'report'}, ${file.bytes.length}::int,
    ${file.bytes}::bytea, ${file.source})`;

/** The policy domain as stored and matched: lower case, without NUL. */
export const policyDomain = (report: AggregateReport) =>
  cleanText(report.policyPublished.domain.toLowerCase());

// DO UPDATE (a no-op) rather than DO NOTHING so RETURNING yields the id of an already stored copy too.
const insertFile = (name: string, digest: string, file: IncomingFile) =>
  sql`${sql.raw(name)} as (insert into report_files (sha256, name, size, content, source)
    values ${fileValues(digest, file)}
    on conflict (sha256) do update set sha256 = excluded.sha256
    returning id)`;

/** The report's own file when it has one apart from the received file (then the CTE `o`). */
const ownFile = (ctx: ReceivedContext) => (ctx.own && ctx.own.digest !== ctx.fileRef.digest ? ctx.own : null);

/** Whether the statement has the CTE `o` (the report's own bytes apart from the received file). */
const hasOwn = (ctx: StoreContext) => 'held' in ctx || ownFile(ctx) !== null;

/** `f`: the received file; `o`: the report's own bytes, when they are not the whole received file. */
function fileCte(ctx: StoreContext): RawBuilder<unknown> {
  if ('held' in ctx)
    return sql`f as (select ${ctx.held.receivedFileId}::bigint as id),
      o as (select ${ctx.held.fileId}::bigint as id)`;
  const received =
    ctx.fileRef.id !== null
      ? sql`f as (select ${ctx.fileRef.id}::bigint as id)`
      : insertFile('f', ctx.fileRef.digest, ctx.file);
  const own = ownFile(ctx);
  return own ? sql`${received}, ${insertFile('o', own.digest, own.file)}` : received;
}

type HeaderValue = string | number | null;

/** The header columns of dmarc_reports before file_id, with their types and values (one report). */
export function headerRow(
  report: AggregateReport,
  organizationId: number | null,
  domain: string,
  source: string,
  held?: HeldContext['held'],
) {
  const meta = report.reportMetadata;
  const policy = report.policyPublished;
  let messages = 0;
  for (const r of report.records) messages += r.count;
  const json = toJson({
    adkim: policy.adkim,
    aspf: policy.aspf,
    p: policy.p,
    sp: policy.sp,
    np: policy.np,
    pct: policy.pct,
    fo: policy.fo,
    testing: policy.testing,
    discovery_method: policy.discoveryMethod,
  });
  const row: [string, string, HeaderValue][] = [
    ['organization_id', 'int8', organizationId],
    ['domain', 'text', domain],
    ['org_name', 'text', cleanText(meta.orgName)],
    ['report_id', 'text', cleanText(meta.reportId)],
    ['begin_date', 'timestamptz', epochDate(meta.dateRange.begin).toISOString()],
    ['end_date', 'timestamptz', epochDate(meta.dateRange.end).toISOString()],
    ['email', 'text', cleanText(meta.email)],
    ['extra_contact_info', 'text', cleanOptional(meta.extraContactInfo)],
    ['version', 'text', cleanOptional(report.version)],
    ['generator', 'text', cleanOptional(meta.generator)],
    ['errors', 'jsonb', toJson(meta.errors)],
    ['policy', 'jsonb', json],
    ['extensions', 'jsonb', report.extensions?.length ? toJson(report.extensions) : null],
    ['warnings', 'jsonb', toJson(report.warnings)],
    ['records_count', 'int', report.records.length],
    ['messages_count', 'int8', messages],
    ['source', 'text', source],
  ];
  if (held) row.push(['id', 'int8', held.id], ['received_at', 'timestamptz', held.receivedAt.toISOString()]);
  return row;
}

/** The header's column list (the file ids last, as the statements select them). */
export const headerColumns = (row: ReturnType<typeof headerRow>) =>
  sql.raw([...row.map(([c]) => c), 'file_id', 'received_file_id'].join(', '));

/**
 * The duplicate key (RFC 7489 has no report identity; reporter, id, domain and range are ours), per
 * organization: a copy routed to another organization is that organization's report, not a duplicate
 * (migration 0046). Held reports have a key of their own (held_reports_key, hold.ts).
 */
export const reportKeyColumns = [
  'organization_id',
  'org_name',
  'report_id',
  'domain',
  'begin_date',
  'end_date',
];
export const reportConflict = sql`on conflict (${sql.raw(reportKeyColumns.join(', '))}) do nothing`;

function headerCte(report: AggregateReport, ctx: StoreContext, domain: string): RawBuilder<unknown> {
  const row = headerRow(report, ctx.organizationId, domain, ctx.source, 'held' in ctx ? ctx.held : undefined);
  const values = row.map(([, type, value]) => sql`${value}::${sql.raw(type)}`);
  const own = hasOwn(ctx);
  return sql`hdr as (insert into dmarc_reports (${headerColumns(row)})
    select ${sql.join(values)}, ${sql.raw(own ? 'o.id' : 'f.id')}, f.id
    from f${sql.raw(own ? ', o' : '')}
    ${reportConflict}
    returning id)`;
}

/**
 * One statement: [file,] [header,] a slice of records with their DKIM and SPF results. The sequence is looked up
 * once (`offset 0` keeps the subquery from being pulled up, which made pg_get_serial_sequence, a catalog
 * lookup, run for every record: 3 µs a record against 0.35 µs for nextval alone, measured).
 */
function chunkStatement(
  head: RawBuilder<unknown>,
  parts: ReturnType<typeof recordArrays>,
  owner: ReturnType<typeof recordOwner>,
) {
  const rec = sql`select nextval(seq.oid) as id, hdr.id as report_id,
      ${owner.organizationId}::bigint as organization_id, ${owner.day}::date as day, t.*
    from hdr, (select pg_get_serial_sequence('dmarc_records', 'id')::regclass as oid offset 0) seq,
      ${recordsUnnest(parts.c, false)}`;
  return sql<{ id: number; file_id: number | null }>`with ${head},
  ins_rec as (${insertRecords(parts.c, rec)})
  select hdr.id, f.id as file_id from hdr, f`;
}

/** Returns the stored report's id, file id, IPs and rollup rows, or null when it is already stored. */
export async function storeAggregate(
  trx: Db,
  report: AggregateReport,
  ctx: StoreContext,
): Promise<StoredAggregate | null> {
  const capped = dkimCapWarning(report.records, maxDkimPerRecord);
  if (capped) report = { ...report, warnings: [...report.warnings, capped] };
  const meta = report.reportMetadata;
  const domain = policyDomain(report);
  const total = report.records.length;
  const first = recordArrays(report, 0, Math.min(total, recordsPerStatement));
  const head = sql`${fileCte(ctx)}, ${headerCte(report, ctx, domain)}`;
  const owner = recordOwner(report, ctx.organizationId);
  const { rows } = await chunkStatement(head, first, owner).execute(trx);
  if (rows.length === 0) return null;
  const { id, file_id: fileId } = rows[0];
  await ctx.stage?.('report', meta.reportId);
  const ips = new Set(first.ips);
  for (let from = recordsPerStatement; from < total; from += recordsPerStatement) {
    const part = recordArrays(report, from, Math.min(total, from + recordsPerStatement));
    for (const ip of part.ips) ips.add(ip);
    await chunkStatement(
      sql`f as (select ${fileId}::bigint as id), hdr as (select ${id}::bigint as id)`,
      part,
      owner,
    ).execute(trx);
  }
  await ctx.stage?.('records', meta.reportId);
  const rollups = rollupRows(report.records, {
    day: utcDay(meta.dateRange.begin),
    organizationId: ctx.organizationId,
    domain,
  });
  await ctx.stage?.('rollups', meta.reportId);
  return { id, fileId, ips: [...ips], rollups };
}
