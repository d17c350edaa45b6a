import { Migrator, sql } from 'kysely';
import { migrations } from '../../server/db/migrations/index';
import { makeOrganization } from './ingest-helpers';
import { startTestApp, type TestApp } from './support/app';
import { storeReportWithDkim } from './support/stored-report';

// Migration 0037_ingest_write_costs: the records' two indexes become one primary key (report_id, id), still
// unique and still serving "a report's records in id order"; the record id sequence hands out 128 values at
// a time; rollup rows lose their unused serial id. Down puts all three back.

let t: TestApp;
let migrator: Migrator;
const before = '0036_record_auth_results';

const indexes = async () =>
  (
    await sql<{
      def: string;
    }>`select regexp_replace(indexdef, ' ON (ONLY )?\\S+', ' ON') as def from pg_indexes
      where tablename = 'dmarc_records' and schemaname = current_schema() order by indexname`.execute(t.db)
  ).rows.map((r) => r.def);
const recordIdCache = async () =>
  (
    await sql<{ cache: string }>`select cache_size::text as cache from pg_sequences
      where schemaname = current_schema() and sequencename = 'dmarc_records_id_seq'`.execute(t.db)
  ).rows[0].cache;
const rollupIndexes = async () =>
  (
    await sql<{ name: string }>`select indexname as name from pg_indexes
      where tablename = 'dmarc_rollups' and schemaname = current_schema() order by indexname`.execute(t.db)
  ).rows.map((r) => r.name);

beforeAll(async () => {
  t = await startTestApp();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  migrator = new Migrator({
    db: t.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
  });
});
afterAll(async () => {
  await t?.close();
});

describe('0037_ingest_write_costs', () => {
  it('keeps one primary key (report_id, id) on records, caches their ids and drops the rollup id', async () => {
    // 0042_partitioned_history adds the organization and the partition key (the day) to it.
    expect(await indexes()).toEqual([
      'CREATE UNIQUE INDEX dmarc_records_pkey ON USING btree (report_id, id, organization_id, day)',
    ]);
    expect(await recordIdCache()).toBe('128');
    // (Since 0042 the rollups' primary key is their unique key, not the serial id.)
    const { rows } = await sql`select 1 from information_schema.columns where table_schema = current_schema()
      and table_name = 'dmarc_rollups' and column_name = 'id'`.execute(t.db);
    expect(rows).toEqual([]);
  });

  it('refuses a second record with the same id in one report', async () => {
    const org = await makeOrganization(t.db, 'Write costs', ['write-costs.test']);
    const at = { begin: '2026-11-01T00:00:00Z', end: '2026-11-02T00:00:00Z', recordId: 940001 };
    const record = { dkim: 'pass' as const, dkimResults: [] };
    await storeReportWithDkim(
      t.db,
      { organizationId: org.id, domain: 'write-costs.test', reportId: 'wc-1', ...at },
      record,
    );
    const again = sql`insert into dmarc_records (id, report_id, organization_id, day, source_ip, count,
        disposition, dkim, spf, reasons, header_from) select id, report_id, organization_id, day, source_ip,
        count, disposition, dkim, spf, reasons, header_from
      from dmarc_records where id = ${at.recordId}`;
    await expect(again.execute(t.db)).rejects.toThrow(/duplicate key/);
  });

  it('puts the record indexes, the single-value sequence and the rollup id back on the way down', async () => {
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    expect(await indexes()).toEqual([
      'CREATE UNIQUE INDEX dmarc_records_pkey ON USING btree (id)',
      'CREATE INDEX dmarc_records_report_idx ON USING btree (report_id)',
    ]);
    expect(await recordIdCache()).toBe('1');
    expect(await rollupIndexes()).toContain('dmarc_rollups_pkey');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await indexes()).toHaveLength(1);
  });
});
