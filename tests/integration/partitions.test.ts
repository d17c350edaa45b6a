import { Migrator, sql } from 'kysely';
import { migrations } from '../../server/db/migrations/index';
import { listPartitions, partitionName } from '../../server/db/partitions';
import { attachPendingReports } from '../../server/ingest/attach';
import { ingestFile } from '../../server/ingest/ingest-file';
import { purgeExpiredReports } from '../../server/ingest/retention';
import { dropExpiredMonths } from '../../server/ingest/retention-months';
import { summaryDrift } from '../../server/modules/analytics/summaries/summary-check';
import { reportXml } from '../fixtures/dmarc/build-report';
import { analyticsFixture, sampleReports } from './analytics-setup';
import { makeOrganization, rollupsFromRecords, storedRollups } from './ingest-helpers';
import { call } from './support/orgs';

// Migration 0042_partitioned_history: dmarc_records and dmarc_rollups partitioned by month. The samples are
// converted back to the 0041 tables and forward again, and every analytics answer is the same on both;
// ingestion creates the months it writes; retention drops whole months past everyone's retention and keeps
// the rows of an organization that keeps longer.

let f: Awaited<ReturnType<typeof analyticsFixture>>;
let migrator: Migrator;

beforeAll(async () => {
  f = await analyticsFixture();
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(f.t.db);
  migrator = new Migrator({
    db: f.t.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
  });
}, 180_000);
afterAll(() => f.t.close());

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const begins = sampleReports.map((r) => r.begin).sort((a, b) => a - b);
const first = day(begins[0]);
const last = day(begins[begins.length - 1]);
const daysBefore = (n: number) => new Date(Date.parse(last) - n * 86_400_000).toISOString().slice(0, 10);
// The samples span decades: windows of 90 days, a month and ten years (the longest a series takes) before
// the last one, and the first one's decade.
const ranges = [
  `begin_date=${daysBefore(89)}&end_date=${last}`,
  `begin_date=${last.slice(0, 8)}01&end_date=${last}`,
  `begin_date=${daysBefore(3650)}&end_date=${last}`,
  `begin_date=${first}&end_date=${new Date(Date.parse(first) + 3650 * 86_400_000).toISOString().slice(0, 10)}`,
];
const routes = [
  'domains/metrics/',
  'domains/time-series/',
  'aggregated-by-domain/?page_size=100',
  'aggregated-by-ip/?page_size=100',
  'aggregated-by-sender-service/?page_size=100',
  `domain-groups/:group/metrics/`,
];

/** Every analytics answer of organization A over the samples' windows. */
async function answers(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const route of routes)
    for (const range of ranges) {
      const path = route.replace(':group', String(f.pairGroupId));
      const url = `/api/dm/${path}${path.includes('?') ? '&' : '?'}${range}`;
      const res = await call(f.t, 'GET', url, f.a.tokens.owner);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      out[url] = res.json();
    }
  return out;
}

const kinds = async () =>
  (
    await sql<{ name: string; kind: string }>`select relname as name, relkind as kind from pg_class
      where relname in ('dmarc_records', 'dmarc_rollups') and relnamespace = current_schema()::regnamespace
      order by 1`.execute(f.t.db)
  ).rows.map((r) => `${r.name}:${r.kind}`);

/** Every record of an organization's report as stored (its columns of 0041), in key order. */
const records = async () =>
  (
    await sql<{ row: string }>`select concat_ws('|', id, report_id, source_ip, count, disposition, dkim, spf,
        reasons::text, header_from, envelope_from, envelope_to, extensions::text, dkim_results::text,
        spf_results::text) as row
      from dmarc_records
      where report_id in (select id from dmarc_reports where organization_id is not null)
      order by report_id, id`.execute(f.t.db)
  ).rows.map((r) => r.row);

/** The held aggregate report of that report id (migration 0058: held_reports). */
const heldReport = (reportId: string) =>
  f.t.db
    .selectFrom('held_reports')
    .select(['id', 'kind', 'report'])
    .where('report_id', '=', reportId)
    .execute();

const xml = (reportId: string, domain: string, begin: Date) =>
  Buffer.from(
    reportXml({
      reportId,
      domain,
      begin: String(Math.floor(begin.getTime() / 1000)),
      end: String(Math.floor(begin.getTime() / 1000) + 86_399),
      records: [{}, { ip: '203.0.113.9', count: '3' }],
    }),
  );

const store = async (reportId: string, domain: string, begin: string) => {
  const { result } = await ingestFile(f.t.db, {
    name: `${reportId}.xml`,
    bytes: xml(reportId, domain, new Date(begin)),
    source: 'upload',
  });
  expect(result.status).toBe('imported');
};

const months = async (table: 'dmarc_records' | 'dmarc_rollups') =>
  (await listPartitions(f.t.db)).filter((p) => p.table === table).map((p) => p.from);

describe('0042_partitioned_history', () => {
  it('converts the 0041 tables in place and every analytics answer stays the same', async () => {
    expect(await kinds()).toEqual(['dmarc_records:p', 'dmarc_rollups:p']);
    // A held report too: in held_reports now (0058); in 0041 a dmarc_reports row without organization and
    // its records.
    await store('held-converted', 'parts-nobody.example', '2024-05-05T00:00:00Z');
    const held = await heldReport('held-converted');
    expect(held.map((h) => h.kind)).toEqual(['aggregate']);
    const latest = await answers();
    const latestRecords = await records();
    expect(latestRecords.length).toBeGreaterThan(20);

    expect((await migrator.migrateTo('0041_unique_addresses')).error).toBeUndefined();
    expect(await kinds()).toEqual(['dmarc_records:r', 'dmarc_rollups:r']);
    // Today's server reads organizations.self_registered (0067) on every signed-in request; the 0041 schema has
    // no such column, so it stands in while the old tables answer, and goes before 0067 adds it again.
    await sql`alter table organizations add column self_registered boolean not null default false`.execute(
      f.t.db,
    );
    const before = await answers();
    expect(before).toEqual(latest);
    expect(await records()).toEqual(latestRecords);
    const { rows: asStored } = await sql<{ organization_id: number | null; records: number }>`
      select r.organization_id, (select count(*)::int from dmarc_records d where d.report_id = r.id) as records
      from dmarc_reports r where r.id = ${held[0]!.id}`.execute(f.t.db);
    expect(asStored).toEqual([{ organization_id: null, records: 2 }]);

    await sql`alter table organizations drop column self_registered`.execute(f.t.db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await kinds()).toEqual(['dmarc_records:p', 'dmarc_rollups:p']);
    expect(await answers()).toEqual(before);
    expect(await records()).toEqual(latestRecords);
    expect(await storedRollups(f.t.db)).toEqual(await rollupsFromRecords(f.t.db));
    expect(await summaryDrift(f.t.db)).toEqual([]);

    // One partition per month of the samples in each table, and each record carries its report's
    // organization and UTC begin day.
    const sampleMonths = [...new Set(sampleReports.map((r) => `${day(r.begin).slice(0, 7)}-01`))];
    for (const m of sampleMonths) expect(await months('dmarc_records')).toContain(m);
    expect(await months('dmarc_rollups')).toEqual(await months('dmarc_records'));
    const { rows: wrong } = await sql<{ n: number }>`select count(*)::int as n
      from dmarc_records d join dmarc_reports r on r.id = d.report_id
      where d.organization_id <> coalesce(r.organization_id, 0)
        or d.day <> (r.begin_date at time zone 'UTC')::date`.execute(f.t.db);
    expect(wrong[0].n).toBe(0);
    // Back in held_reports under its id, the report as the parser gave it rebuilt from its rows.
    expect(await heldReport('held-converted')).toEqual(held);
  });

  it('keeps organization_id and the month in every key and conflict target of the partitioned tables', async () => {
    const { rows } = await sql<{ table: string; def: string }>`select conrelid::regclass::text as table,
        pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid in ('dmarc_records'::regclass, 'dmarc_rollups'::regclass) and contype in ('p', 'u')
      order by 1`.execute(f.t.db);
    expect(rows).toEqual([
      { table: 'dmarc_records', def: 'PRIMARY KEY (report_id, id, organization_id, day)' },
      {
        table: 'dmarc_rollups',
        def: 'PRIMARY KEY (organization_id, domain, day, source_ip, dkim_auth, spf_auth, dkim_aligned, spf_aligned, disposition)',
      },
    ]);
  });

  it('creates the partitions of a month it has not seen before writing it, also when attaching a held report', async () => {
    const org = await makeOrganization(f.t.db, 'Partitions New Month', ['parts-new.example']);
    expect(await months('dmarc_records')).not.toContain('2019-02-01');
    await store('parts-feb', 'parts-new.example', '2019-02-14T00:00:00Z');
    expect(await months('dmarc_records')).toContain('2019-02-01');
    expect(await months('dmarc_rollups')).toContain('2019-02-01');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(
      partitionName('dmarc_rollups', '2019-02-01'),
    )} where organization_id = ${org.id}`.execute(f.t.db);
    expect(rows[0].n).toBe(2);

    // A held report waits in held_reports, in no month: its month may go meanwhile (here dropped by hand; it
    // holds nothing else), and attaching the report creates it again.
    await store('parts-held', 'parts-held.example', '2019-03-03T00:00:00Z');
    expect(await heldReport('parts-held')).toHaveLength(1);
    for (const table of ['dmarc_records', 'dmarc_rollups'] as const) {
      const partition = sql.table(partitionName(table, '2019-03-01'));
      const { rows: inside } = await sql<{ n: number }>`select count(*)::int as n from ${partition}`.execute(
        f.t.db,
      );
      expect(inside).toEqual([{ n: 0 }]);
      await sql`drop table ${partition}`.execute(f.t.db);
    }
    expect(await months('dmarc_records')).not.toContain('2019-03-01');
    const owners = () =>
      sql<{ org: number }>`select distinct d.organization_id as org from dmarc_records d
        join dmarc_reports r on r.id = d.report_id where r.report_id = 'parts-held'`.execute(f.t.db);
    const claimer = await makeOrganization(f.t.db, 'Partitions Claimer', []);
    expect(await attachPendingReports(f.t.db, claimer.id, 'parts-held.example')).toEqual({
      aggregate: 1,
      tls: 0,
      failure: 0,
    });
    expect(await months('dmarc_records')).toContain('2019-03-01');
    expect(await months('dmarc_rollups')).toContain('2019-03-01');
    expect((await owners()).rows).toEqual([{ org: claimer.id }]);
    expect(await heldReport('parts-held')).toEqual([]);
    expect(await storedRollups(f.t.db)).toEqual(await rollupsFromRecords(f.t.db));
  });

  it('re-creates a month dropped by another process and stores the report', async () => {
    await makeOrganization(f.t.db, 'Partitions Late', ['parts-late.example']);
    await store('parts-late-1', 'parts-late.example', '2018-05-05T00:00:00Z');
    // Dropped behind this process's back (as retention in a worker would): it still believes the month is there.
    expect((await dropExpiredMonths(f.t.db, '2018-06-01')).months).toContain('2018-05-01');
    expect(await months('dmarc_records')).not.toContain('2018-05-01');
    await store('parts-late-2', 'parts-late.example', '2018-05-06T00:00:00Z');
    expect(await months('dmarc_records')).toContain('2018-05-01');
    expect(await months('dmarc_rollups')).toContain('2018-05-01');
  });

  it('drops whole months past every retention and deletes rows where an organization keeps longer', async () => {
    const now = new Date('2031-01-31T12:00:00Z');
    const short = await makeOrganization(f.t.db, 'Partitions Short', ['parts-short.example'], {
      retention: 30,
    });
    const long = await makeOrganization(f.t.db, 'Partitions Long', ['parts-long.example'], {
      retention: 330,
    });
    // Long keeps from 2030-03-07. March 2030: past Short's retention, partly within Long's. January 2030:
    // past both.
    await store('short-mar', 'parts-short.example', '2030-03-10T00:00:00Z');
    await store('long-mar', 'parts-long.example', '2030-03-11T00:00:00Z');
    await store('short-jan', 'parts-short.example', '2030-01-10T00:00:00Z');
    await store('long-jan', 'parts-long.example', '2030-01-11T00:00:00Z');
    const dropped = await sql<{ n: number }>`select count(*)::int as n from dmarc_rollups
      where day < '2030-02-01'`.execute(f.t.db);
    expect(dropped.rows[0].n).toBeGreaterThan(0);
    const janRecords = (await listPartitions(f.t.db)).find(
      (p) => p.table === 'dmarc_records' && p.from === '2030-01-01',
    );
    expect(janRecords).toBeDefined();

    const result = await purgeExpiredReports(f.t.db, now);
    // Every month up to January 2030 went whole (the samples' too); March 2030 stays, partly.
    expect(result.months).toContain('2030-01-01');
    expect(result.months).toContain(`${last.slice(0, 7)}-01`);
    expect(result.months).not.toContain('2030-03-01');
    expect((await listPartitions(f.t.db)).filter((p) => p.from < '2030-03-01')).toEqual([]);
    expect(await months('dmarc_records')).not.toContain('2030-01-01');
    expect(await months('dmarc_rollups')).not.toContain('2030-01-01');
    expect(await months('dmarc_records')).toContain('2030-03-01');
    // The partitions ahead of need: this month and the next.
    expect(await months('dmarc_rollups')).toEqual(expect.arrayContaining(['2031-01-01', '2031-02-01']));

    const kept = await f.t.db.selectFrom('dmarc_reports').select('report_id').orderBy('report_id').execute();
    expect(kept.map((r) => r.report_id)).toEqual(['long-mar']);
    const rollupOrgs = await f.t.db
      .selectFrom('dmarc_rollups')
      .select('organization_id')
      .distinct()
      .execute();
    expect(rollupOrgs.map((r) => r.organization_id)).toEqual([long.id]);
    expect(short.id).not.toBe(long.id);
    // The dropped rollups left the summaries as well (their deltas were queued before the drop).
    expect(await summaryDrift(f.t.db)).toEqual([]);
    expect(await storedRollups(f.t.db)).toEqual(await rollupsFromRecords(f.t.db));
    const res = await call(f.t, 'GET', `/api/dm/domains/metrics/?${ranges[0]}`, f.a.tokens.owner);
    expect(res.json().data.attributes.nr_messages).toBe(0);
  });

  it('drops the months of a held report, which waits outside them the default retention from its arrival', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 500 * 86_400_000);
    const month = `${old.toISOString().slice(0, 7)}-01`;
    await store('held-old', 'parts-unclaimed.example', old.toISOString());
    await purgeExpiredReports(f.t.db, now);
    expect(await months('dmarc_records')).not.toContain(month);
    expect((await heldReport('held-old')).map((h) => h.kind)).toEqual(['aggregate']);

    // 31 days on: past the default retention (30 days) counted from when it was received.
    const later = await purgeExpiredReports(f.t.db, new Date(now.getTime() + 31 * 86_400_000));
    expect(later.reports).toBeGreaterThanOrEqual(1);
    expect(await heldReport('held-old')).toEqual([]);
  });
});
