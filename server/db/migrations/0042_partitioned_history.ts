import { sql, type Kysely } from 'kysely';
import { createMonth, listPartitions, nextMonth, partitionLock } from '../partitions';

// Partitioned history (docs/SCALING.md): the two tables that grow with every report, dmarc_records and
// dmarc_rollups, become partitioned by month on `day` (server/db/partitions.ts), so that retention drops a
// whole month instead of deleting its rows one by one (server/ingest/retention.ts). Converted in place: the
// old table is renamed, the partitioned one created under the old name, the rows copied a month at a time,
// the indexes, triggers and the record id sequence moved over, the old table dropped.
//
// Keys. A partitioned table's primary and unique keys must hold the partition key, and for a distributed
// PostgreSQL (Citus, distributed by organization) every tenant table's keys hold organization_id too:
// - dmarc_rollups: its unique key (organization_id, domain, day, ...) already holds both; it becomes the
//   primary key. The ingest upsert's conflict target (rollupKeyColumns) is that key, unchanged.
// - dmarc_records gains `organization_id` and `day` (the report's, copied at insert: records are always
//   written and read through their report) and its primary key becomes (report_id, id, organization_id,
//   day): it still serves "a report's records in id order".
//
// Held reports. A report nobody has claimed yet has organization_id null in dmarc_reports, and null cannot be
// in a primary key. Its records carry organization_id 0 instead (serial ids start at 1: no organization is
// 0) until the report is attached (server/ingest/attach.ts), which sets the claiming organization on the
// records as on the report. Null stays the marker in dmarc_reports, where every reader already tests it;
// the sentinel lives only in the records' key, where nothing reads it as an organization.
//
// analytics_domain_days is not partitioned: it has one row per organization, day and domain (not per
// report), is emptied by the summary fold as rollups leave, and every dashboard reads it; splitting it would
// only add planning to those reads.

const recordColumns = `id, report_id, source_ip, count, disposition, dkim, spf, reasons, header_from, envelope_from,
  envelope_to, extensions, dkim_results, spf_results`;

const rollupColumns = `day, organization_id, domain, source_ip, sender_service, dkim_auth, spf_auth, dkim_aligned,
  spf_aligned, dmarc_pass, disposition, messages, records`;

const rollupKey =
  'organization_id, domain, day, source_ip, dkim_auth, spf_auth, dkim_aligned, spf_aligned, disposition';

/** The rollups' indexes besides their key, as 0010, 0030 and 0033 left them. */
const rollupIndexes = [
  'create index dmarc_rollups_org_day_idx on dmarc_rollups (organization_id, day)',
  'create index dmarc_rollups_ip_idx on dmarc_rollups (source_ip)',
  'create index dmarc_rollups_org_sender_day_idx on dmarc_rollups (organization_id, sender_service, day) include (domain)',
];

/** 0033's statement-level triggers that queue every rollup change for the analytics summaries. */
const summaryTriggers = [
  'create trigger dmarc_rollups_summaries_insert after insert on dmarc_rollups referencing new table as new_rows for each statement execute function dmarc_rollups_summaries_insert()',
  'create trigger dmarc_rollups_summaries_update after update on dmarc_rollups referencing old table as old_rows new table as new_rows for each statement execute function dmarc_rollups_summaries_update()',
  'create trigger dmarc_rollups_summaries_delete after delete on dmarc_rollups referencing old table as old_rows for each statement execute function dmarc_rollups_summaries_delete()',
  'create trigger dmarc_rollups_summaries_truncate after truncate on dmarc_rollups for each statement execute function dmarc_rollups_summaries_truncate()',
];

const recordsTable = (partitioned: boolean) => `create table dmarc_records (
    id integer not null, report_id integer not null, source_ip text not null, count integer not null,
    disposition text not null, dkim text not null, spf text not null, reasons jsonb not null,
    header_from text not null, envelope_from text, envelope_to text, extensions jsonb,
    dkim_results jsonb not null default '[]'::jsonb, spf_results jsonb not null default '[]'::jsonb,
    ${
      partitioned
        ? `organization_id integer not null, day date not null,
    constraint dmarc_records_pkey primary key (report_id, id, organization_id, day)) partition by range (day)`
        : 'constraint dmarc_records_pkey primary key (report_id, id))'
    }`;

const rollupsTable = (partitioned: boolean) => `create table dmarc_rollups (
    day date not null, organization_id integer not null, domain text not null, source_ip text not null,
    sender_service text, dkim_auth boolean not null, spf_auth boolean not null, dkim_aligned boolean not null,
    spf_aligned boolean not null, dmarc_pass boolean not null, disposition text not null,
    messages bigint not null, records integer not null${
      partitioned
        ? `, constraint dmarc_rollups_pkey primary key (${rollupKey})) partition by range (day)`
        : ')'
    }`;

const exec = (db: Kysely<unknown>, text: string) => sql.raw(text).execute(db);

/** The record id sequence (0010's serial, cache 128 since 0037), by the column that owns it. */
async function recordSequence(db: Kysely<unknown>, table: string): Promise<string> {
  const { rows } = await sql<{ seq: string }>`select pg_get_serial_sequence(${table}, 'id') as seq`.execute(
    db,
  );
  return rows[0].seq;
}

/** Moves the old table out of the way: renamed, its key and indexes renamed or dropped (names are per schema). */
async function setAside(db: Kysely<unknown>, table: 'dmarc_records' | 'dmarc_rollups', old: string) {
  await exec(db, `alter table ${table} rename to ${old}`);
  const { rows } = await sql<{ name: string; constraint: boolean }>`select c.relname as name,
      exists (select 1 from pg_constraint k where k.conindid = c.oid) as constraint
    from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = ${old}::regclass`.execute(db);
  for (const r of rows) {
    if (r.constraint) await exec(db, `alter table ${old} rename constraint ${r.name} to ${old}_${r.name}`);
    else await exec(db, `drop index ${r.name}`);
  }
  // Its triggers go with it when it is dropped; the copy must not fire them.
  if (table === 'dmarc_rollups') {
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await exec(db, `drop trigger if exists dmarc_rollups_summaries_${event} on ${old}`);
  }
}

/** Months ('YYYY-MM-01') that hold rows: the reports' UTC begin days and the rollups' days. */
async function monthsWithRows(db: Kysely<unknown>, rollups: string): Promise<string[]> {
  const { rows } = await sql<{ month: string }>`select distinct to_char(m, 'YYYY-MM-01') as month from (
      select date_trunc('month', begin_date at time zone 'UTC') as m from dmarc_reports
      union select date_trunc('month', day::timestamp) from ${sql.table(rollups)}) x
    order by 1`.execute(db);
  return rows.map((r) => r.month);
}

/**
 * Puts new tables (partitioned or not) in place of the two, `copy` fills them from the old ones (named with
 * `suffix`), then the indexes, triggers and the record id sequence move over and the old tables go.
 */
async function replace(
  db: Kysely<unknown>,
  partitioned: boolean,
  suffix: string,
  copy: () => Promise<void>,
): Promise<void> {
  await partitionLock.execute(db);
  const seq = await recordSequence(db, 'dmarc_records');
  await setAside(db, 'dmarc_records', `dmarc_records_${suffix}`);
  await setAside(db, 'dmarc_rollups', `dmarc_rollups_${suffix}`);
  await exec(db, recordsTable(partitioned));
  await exec(db, `alter table dmarc_records alter column id set default nextval('${seq}'::regclass)`);
  await exec(db, rollupsTable(partitioned));
  await copy();
  if (!partitioned) await exec(db, `create unique index dmarc_rollups_key on dmarc_rollups (${rollupKey})`);
  for (const index of rollupIndexes) await exec(db, index);
  // After the copy: the copied rows are already in the summaries.
  for (const trigger of summaryTriggers) await exec(db, trigger);
  await exec(db, `alter sequence ${seq} owned by dmarc_records.id`);
  await exec(db, `drop table dmarc_records_${suffix}`);
  await exec(db, `drop table dmarc_rollups_${suffix}`);
}

/** A month at a time into its partitions, the current and next month created too for the ingest to come. */
async function copyByMonth(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString().slice(0, 7) + '-01';
  const months = [...new Set([...(await monthsWithRows(db, 'dmarc_rollups_0041')), now, nextMonth(now)])];
  for (const month of months.sort()) {
    await createMonth(db, month, await listPartitions(db));
    const to = nextMonth(month);
    // Records take their report's organization (0 while held) and UTC begin day; a record whose report is
    // gone (none should be: 0032's cascade) has no day and is left behind.
    await sql`insert into dmarc_records (${sql.raw(recordColumns)}, organization_id, day)
      select ${sql.raw(recordColumns.replace(/(\w+)/g, 'd.$1'))}, coalesce(r.organization_id, 0),
        (r.begin_date at time zone 'UTC')::date
      from dmarc_reports r join dmarc_records_0041 d on d.report_id = r.id
      where (r.begin_date at time zone 'UTC')::date >= ${month}::date
        and (r.begin_date at time zone 'UTC')::date < ${to}::date
      order by d.report_id, d.id`.execute(db);
    await sql`insert into dmarc_rollups (${sql.raw(rollupColumns)})
      select ${sql.raw(rollupColumns)} from dmarc_rollups_0041
      where day >= ${month}::date and day < ${to}::date
      order by ${sql.raw(rollupKey)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, true, '0041', () => copyByMonth(db));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replace(db, false, '0042', async () => {
    await exec(
      db,
      `insert into dmarc_records (${recordColumns})
      select ${recordColumns} from dmarc_records_0042 order by report_id, id`,
    );
    await exec(
      db,
      `insert into dmarc_rollups (${rollupColumns})
      select ${rollupColumns} from dmarc_rollups_0042 order by ${rollupKey}`,
    );
  });
}
