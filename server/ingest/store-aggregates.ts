import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { AggregateReport } from '../dmarc/types';
import { dkimCapWarning } from './auth-json';
import { cleanText, toJson, utcDay } from './clean';
import { maxDkimPerRecord } from '../modules/reports';
import { intArray, textArray } from './pg-array';
import { rollupRows } from './rollups';
import {
  addRecords,
  fileValues,
  headerColumns,
  headerRow,
  insertRecords,
  newRecordColumns,
  policyDomain,
  recordsPerStatement,
  recordOwner,
  recordsUnnest,
  reportConflict,
  reportKeyColumns,
  type ReceivedContext,
  type StoredAggregate,
} from './store-aggregate';

// Several small aggregate reports of a batch in ONE statement: their files, headers and records, where
// storeAggregate takes a statement (and the batch a savepoint) per report. Per report that saved the
// statement's planning, a savepoint and two round trips (docs/PERFORMANCE.md, session 4). Same rows, same
// ids drawn in the same order (report by report, record by record: each record finds its report id in an
// array by position, so the records keep unnest's order with no join and sort), same duplicate rule; a
// report no organization owns is held (hold.ts) by the same statement, as the parsed report. The
// caller runs it behind one savepoint and, if anything fails, redoes the reports one by one so that only
// the failing one is lost (store-batch.ts).

/**
 * The report's own bytes are the received file (ctx.own unset): others go one at a time (store-batch.ts).
 * No organization: the report is held (hold.ts), in the same statement.
 */
export type BatchReport = {
  report: AggregateReport;
  ctx: Omit<ReceivedContext, 'organizationId'> & { organizationId: number | null };
};

/** Reports the batch statement takes: aggregate, small enough for one statement's arrays. */
export const fitsBatch = (report: AggregateReport) => report.records.length <= recordsPerStatement;

/** The duplicate key of a held report (held_reports_key, but for its kind). */
const heldKey = reportKeyColumns.filter((c) => c !== 'organization_id').join(', ');

/** A header row's duplicate key, as the unique index compares it. */
const rowKey = (row: ReturnType<typeof headerRow>) =>
  row
    .filter(([column]) => reportKeyColumns.includes(column))
    .map(([, , value]) => value)
    .join('\n');

/** Per item: what storeAggregate would return (null: a duplicate, also of an earlier item of the batch). */
export async function storeAggregates(trx: Db, items: BatchReport[]): Promise<(StoredAggregate | null)[]> {
  const seen = new Set<string>();
  const files = new Map<string, BatchReport['ctx']>();
  const rows: ReturnType<typeof headerRow>[] = [];
  const digests: string[] = [];
  const ords: number[] = [];
  const heldRows: RawBuilder<unknown>[] = [];
  const domains: string[] = [];
  // A held report has no records: its organization here is never read.
  const owners = items.map(({ report, ctx }) => recordOwner(report, ctx.organizationId ?? 0));
  const records = newRecordColumns();
  items.forEach(({ report, ctx }, ord) => {
    const domain = policyDomain(report);
    domains.push(domain);
    const capped = dkimCapWarning(report.records, maxDkimPerRecord);
    const stored = capped ? { ...report, warnings: [...report.warnings, capped] } : report;
    const row = headerRow(stored, ctx.organizationId, domain, ctx.source);
    const key = rowKey(row);
    if (seen.has(key)) return; // the same report twice in one batch: the second is a duplicate
    seen.add(key);
    rows.push(row);
    digests.push(ctx.fileRef.digest);
    ords.push(ord);
    if (!files.has(ctx.fileRef.digest)) files.set(ctx.fileRef.digest, ctx);
    // A held report waits whole, as parsed (hold.ts): one parameter each, not an array literal (whose
    // escaping of every quote cost Node ~1.5 ms for a report of 100 records); the others' records go to
    // dmarc_records.
    if (ctx.organizationId === null) heldRows.push(sql`(${ord}::int, ${toJson(report)}::json)`);
    else addRecords(records, report, 0, report.records.length, ord);
  });
  if (rows.length === 0) return items.map(() => null);

  const fileRows = [...files.values()].map(({ fileRef, file }) => fileValues(fileRef.digest, file));
  // One array per header column, cast to the column's type; `ord` ties a header to its records.
  const columns = rows[0].map(([name, type], i) => ({
    name,
    array: sql`${textArray(rows.map((r) => (r[i][2] === null ? null : String(r[i][2]))))}::${sql.raw(type)}[]`,
  }));
  const headerNames = sql.raw(columns.map((c) => c.name).join(', '));
  const heldValues =
    heldRows.length > 0 ? sql`values ${sql.join(heldRows)}` : sql`select null::int, null::json where false`;
  const { rows: out } = await sql<{ ord: number | null; id: number; fresh: boolean | null }>`with
    f as (insert into report_files (sha256, name, size, content, source)
      values ${sql.join(fileRows)}
      on conflict (sha256) do update set sha256 = excluded.sha256
      returning id, sha256, xmax = 0 as fresh),
    hin as (select * from unnest(${textArray(ords.map(String))}::int[], ${textArray(digests)}::text[],
      ${sql.join(columns.map((c) => c.array))}) as h(ord, sha256, ${headerNames})),
    hj (ord, report) as (${heldValues}),
    hdr as (insert into dmarc_reports (${headerColumns(rows[0])})
      select ${headerNames}, f.id, f.id from hin join f using (sha256)
      where hin.organization_id is not null order by hin.ord
      ${reportConflict}
      returning id, file_id, ${sql.raw(reportKeyColumns.join(', '))}),
    held as (insert into held_reports (id, kind, ${sql.raw(heldKey)}, report, file_id, received_file_id,
        source)
      select nextval(pg_get_serial_sequence('dmarc_reports', 'id')), 'aggregate', ${sql.raw(heldKey)},
        hj.report, f.id, f.id, hin.source
      from hin join hj using (ord) join f using (sha256) order by hin.ord
      on conflict on constraint held_reports_key do nothing
      returning id, file_id, ${sql.raw(heldKey)}),
    stored as (select hin.ord, hdr.id, hdr.file_id from hdr
        join hin using (${sql.raw(reportKeyColumns.join(', '))})
      union all select hin.ord, held.id, held.file_id from held
        join hin using (${sql.raw(heldKey)}) where hin.organization_id is null),
    ids as (select array(select s.id from generate_series(0, ${items.length - 1}::int) g
      left join stored s on s.ord = g order by g) as a),
    ins_rec as (${insertRecords(
      records,
      sql`select nextval(seq.oid) as id, ids.a[t.ord + 1] as report_id,
        (${intArray(owners.map((o) => o.organizationId))}::bigint[])[t.ord + 1] as organization_id,
        (${textArray(owners.map((o) => o.day))}::date[])[t.ord + 1] as day, t.*
      from (select pg_get_serial_sequence('dmarc_records', 'id')::regclass as oid offset 0) seq, ids,
        ${recordsUnnest(records, true)}
      where ids.a[t.ord + 1] is not null`,
    )})
    select ord, id, file_id as id2, null::boolean as fresh from stored
    union all select null, id, null, fresh from f`.execute(trx);
  return finish(trx, items, domains, out as unknown as Returned[]);
}

type Returned = { ord: number | null; id: number; id2: number | null; fresh: boolean | null };

async function finish(trx: Db, items: BatchReport[], domains: string[], out: Returned[]) {
  const result: (StoredAggregate | null)[] = items.map(() => null);
  const usedFiles = new Set<number>();
  for (const r of out) {
    if (r.ord === null) continue;
    const { report, ctx } = items[r.ord];
    const fileId = Number(r.id2);
    usedFiles.add(fileId);
    ctx.fileRef.id = fileId;
    if (ctx.organizationId === null) {
      result[r.ord] = { id: Number(r.id), fileId, ips: [], rollups: new Map() };
      continue;
    }
    const rollups = rollupRows(report.records, {
      day: utcDay(report.reportMetadata.dateRange.begin),
      organizationId: ctx.organizationId,
      domain: domains[r.ord],
    });
    const ips = [...new Set(report.records.map((x) => cleanText(x.sourceIp)))];
    result[r.ord] = { id: Number(r.id), fileId, ips, rollups };
  }
  // A file written here whose reports were all duplicates is removed again, as the per-report savepoint did.
  const orphans = out
    .filter((r) => r.ord === null && r.fresh && !usedFiles.has(Number(r.id)))
    .map((r) => r.id);
  if (orphans.length > 0)
    await sql`delete from report_files where id = any(${textArray(orphans.map(String))}::bigint[])`.execute(
      trx,
    );
  return result;
}
