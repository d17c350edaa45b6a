import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { down, up } from '../../server/db/migrations/0048_citus_last_rules';
import * as m0058 from '../../server/db/migrations/0058_held_aggregate_reports';
import { parseReportFile } from '../../server/dmarc/parse-report-file';
import { attachPendingReports } from '../../server/ingest/attach';
import { toJson } from '../../server/ingest/clean';
import { ingestFile } from '../../server/ingest/ingest-file';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { makeOrganization } from './ingest-helpers';
import { openTestDatabase, type TestDatabase } from './support/db';

// Migrations 0048 and 0058 on a database written before them: audit entries of no organization move to the
// instance table under their ids, the organization's stay; verified names fill the reference table; held
// TLS and failure reports (0048), then held aggregate reports with their records (0058), move to
// held_reports.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const raw = () => database.db as unknown as Kysely<unknown>;

describe('migration 0048_citus_last_rules', () => {
  it('splits the audit log by organization and lists the verified names', async () => {
    const org = await database.db
      .insertInto('organizations')
      .values({ name: 'Before 0048', benefits: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('domains')
      .values([
        { name: 'verified-0048.example.com', organization_id: org.id, verified_at: new Date() },
        { name: 'pending-0048.example.com', organization_id: org.id, verified_at: null },
      ])
      .execute();
    await down(raw());
    const { rows } = await sql<{
      id: number;
    }>`insert into audit_operations (name, organization_id, response_status)
      values ('tenant.entry', ${org.id}, 200), ('cli.entry', null, 200) returning id`.execute(database.db);
    const tls = await sql<{
      id: number;
    }>`insert into tls_reports (organization_id, domain, org_name, report_id,
        begin_date, end_date, records_count, messages_count, summary, details, warnings, source)
      values (null, 'held-0048.example', 'Reporter', 'r-1', now() - interval '1 day', now(), 1, 1, '{}',
        '{"kind": "tls", "reportId": "r-1"}', '[]', 'cli') returning id`.execute(database.db);
    await up(raw());

    const tenant = await database.db
      .selectFrom('organization_audit_operations')
      .select(['id', 'name'])
      .execute();
    const instance = await database.db
      .selectFrom('instance_audit_operations')
      .select(['id', 'name'])
      .execute();
    expect(tenant).toContainEqual({ id: rows[0]!.id, name: 'tenant.entry' });
    expect(instance).toContainEqual({ id: rows[1]!.id, name: 'cli.entry' });
    expect(tenant.map((e) => e.name)).not.toContain('cli.entry');
    const both = await database.db
      .selectFrom('audit_operations')
      .select(['id', 'organization_id'])
      .where('id', 'in', [rows[0]!.id, rows[1]!.id])
      .orderBy('id')
      .execute();
    expect(both).toEqual([
      { id: rows[0]!.id, organization_id: org.id },
      { id: rows[1]!.id, organization_id: null },
    ]);
    // A new entry continues the shared sequence past both.
    await database.db
      .insertInto('instance_audit_operations')
      .values({ name: 'after', request: '{}', response_status: 200 })
      .execute();
    const after = await database.db
      .selectFrom('instance_audit_operations')
      .select('id')
      .where('name', '=', 'after')
      .executeTakeFirstOrThrow();
    expect(after.id).toBeGreaterThan(rows[1]!.id);

    // A held TLS report waits in held_reports under its id, with its parsed report.
    const held = await database.db
      .selectFrom('held_reports')
      .select(['id', 'kind', 'domain', 'report'])
      .execute();
    expect(held).toEqual([
      {
        id: tls.rows[0]!.id,
        kind: 'tls',
        domain: 'held-0048.example',
        report: { kind: 'tls', reportId: 'r-1' },
      },
    ]);
    expect(await database.db.selectFrom('tls_reports').select('id').execute()).toEqual([]);

    const names = await database.db
      .selectFrom('verified_names')
      .select(['name', 'organization_id'])
      .where('name', 'like', '%-0048.example.com')
      .execute();
    expect(names).toEqual([{ name: 'verified-0048.example.com', organization_id: org.id }]);
  });
});

describe('migration 0058_held_aggregate_reports', () => {
  const rel = 'dmarq/backend/app/tests/fixtures/dmarc_aggregate/rfc9990-multi-auth-overrides.xml';
  const bytes = fs.readFileSync(path.join(samplesDir, rel));
  const recordsOf = async (reportId: number) =>
    (
      await sql<Record<string, unknown>>`select day, source_ip, count, disposition, dkim, spf, reasons,
          header_from, envelope_from, envelope_to, extensions, dkim_results, spf_results
        from dmarc_records where report_id = ${reportId} order by id`.execute(database.db)
    ).rows;

  it('moves a held aggregate report with its records to held_reports, stored whole on verification', async () => {
    // A report as ingestion held it before 0058: a dmarc_reports row without organization, records under organization 0,
    // no rollups. Stored here through ingestion, then made held by hand below 0058.
    const first = await makeOrganization(database.db, 'Before 0058', ['example.net']);
    const stored = await ingestFile(database.db, { name: 'held.xml', bytes, source: 'cli' });
    const id = stored.reports[0]!.id!;
    const header = await database.db
      .selectFrom('dmarc_reports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const records = await recordsOf(id);
    expect(records).toHaveLength(2);
    await m0058.down(raw());
    await sql`update dmarc_reports set organization_id = null where id = ${id}`.execute(database.db);
    await sql`update dmarc_records set organization_id = 0 where report_id = ${id}`.execute(database.db);
    await database.db.deleteFrom('dmarc_rollups').where('organization_id', '=', first.id).execute();
    await database.db.deleteFrom('domains').where('organization_id', '=', first.id).execute();
    await m0058.up(raw());

    // Waiting in held_reports under its id, as the parser gives the report (what ingestion holds now).
    const parsed = await parseReportFile(bytes, {});
    if (!parsed.ok) throw new Error(parsed.reason);
    const held = await database.db
      .selectFrom('held_reports')
      .selectAll()
      .where('kind', '=', 'aggregate')
      .execute();
    expect(held).toEqual([
      {
        id,
        kind: 'aggregate',
        domain: 'example.net',
        org_name: 'Mailbox Provider',
        report_id: 'fixture-rfc9990-multi-auth',
        begin_date: header.begin_date,
        end_date: header.end_date,
        report: JSON.parse(toJson(parsed.reports[0])),
        file_id: header.file_id,
        received_file_id: header.received_file_id,
        source: 'cli',
        received_at: header.received_at,
      },
    ]);
    expect(await database.db.selectFrom('dmarc_reports').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
    expect(await recordsOf(id)).toEqual([]);
    const { rows: key } = await sql<{
      def: string;
      not_null: boolean;
    }>`select pg_get_constraintdef(c.oid) as def,
        (select attnotnull from pg_attribute where attrelid = c.conrelid and attname = 'organization_id') as not_null
      from pg_constraint c where c.conrelid = 'dmarc_reports'::regclass and c.contype = 'p'`.execute(
      database.db,
    );
    expect(key).toEqual([{ def: 'PRIMARY KEY (organization_id, id)', not_null: true }]);

    // Verified later: stored under its id with the header and records it had.
    const later = await makeOrganization(database.db, 'After 0058', []);
    expect(await attachPendingReports(database.db, later.id, 'example.net')).toEqual({
      aggregate: 1,
      tls: 0,
      failure: 0,
    });
    const again = await database.db
      .selectFrom('dmarc_reports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ ...header, organization_id: later.id });
    expect(await recordsOf(id)).toEqual(records);
  });
});
