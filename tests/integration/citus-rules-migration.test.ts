import { sql, type Kysely } from 'kysely';
import { down, up } from '../../server/db/migrations/0048_citus_last_rules';
import { openTestDatabase, type TestDatabase } from './support/db';

// Migration 0048 on a database written before it: audit entries of no organization move to the instance
// table under their ids, the organization's stay; verified names fill the reference table; held TLS and
// failure reports move to held_reports.
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
