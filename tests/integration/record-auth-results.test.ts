import { Migrator, sql } from 'kysely';
import { migrations } from '../../server/db/migrations/index';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

// Migration 0036_record_auth_results: DKIM and SPF results move from their tables into the record row, in
// id order; down puts them back. The records page and the DKIM signatures list answer as before, each DKIM
// signature with a stable numeric id (record id × 10^6 + position).

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let migrator: Migrator;
const before = '0035_sender_domain_blocks';
const [r1, r2] = [930001, 930002];

const exists = async (table: string) =>
  (await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(t.db)).rows[0].t !== null;
const authRows = async (table: 'dmarc_dkim_results' | 'dmarc_spf_results') =>
  (
    await sql<Record<string, unknown>>`select record_id, domain, result, human_result,
      ${sql.ref(table === 'dmarc_dkim_results' ? 'selector' : 'scope')} as extra
    from ${sql.table(table)} order by record_id, id`.execute(t.db)
  ).rows;

beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Auth A', 'auth.test');
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
  migrator = new Migrator({
    db: t.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
  });
  const down = await migrator.migrateTo(before);
  expect(down.error).toBeUndefined();
  const report = await t.db
    .insertInto('dmarc_reports')
    .values({
      organization_id: a.org.id,
      domain: 'auth.test',
      org_name: 'receiver.example',
      report_id: 'auth-1',
      begin_date: '2026-10-01T00:00:00Z',
      end_date: '2026-10-02T00:00:00Z',
      email: 'noreply@receiver.example',
      errors: '[]',
      policy: JSON.stringify({ adkim: 'r', aspf: 'r', p: 'none' }),
      extensions: null,
      warnings: '[]',
      records_count: 2,
      messages_count: 5,
      source: 'cli',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [id, count] of [
    [r1, 3],
    [r2, 2],
  ])
    await sql`insert into dmarc_records (id, report_id, source_ip, count, disposition, dkim, spf, reasons,
        header_from) values (${id}, ${report.id}, '192.0.2.1', ${count}, 'none', 'pass', 'pass', '[]',
        'auth.test')`.execute(t.db);
  // Ids out of insertion order: the arrays follow id order, as the records page always did.
  await sql`insert into dmarc_dkim_results (id, record_id, domain, selector, result, human_result) values
    (5, ${r1}, 'auth.test', 's2', 'pass', null), (3, ${r1}, 'mail.auth.test', 's1', 'fail', 'bad sig'),
    (4, ${r2}, 'esp.example', 'esp', 'pass', null), (6, ${r2}, 'auth.test', 's2', 'fail', null)`.execute(
    t.db,
  );
  await sql`insert into dmarc_spf_results (id, record_id, domain, scope, result, human_result) values
    (7, ${r1}, 'auth.test', 'mfrom', 'pass', null), (8, ${r2}, 'esp.example', null, 'softfail', 'x')`.execute(
    t.db,
  );
  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
}, 60_000);
afterAll(() => t.close());

describe('auth results in the record row', () => {
  it('moves the results into the records in id order and drops the tables', async () => {
    expect(await exists('dmarc_dkim_results')).toBe(false);
    expect(await exists('dmarc_spf_results')).toBe(false);
    const recs = await t.db
      .selectFrom('dmarc_records')
      .select(['id', 'dkim_results', 'spf_results'])
      .where('id', 'in', [r1, r2])
      .orderBy('id')
      .execute();
    expect(recs[0].dkim_results.map((k) => k.selector)).toEqual(['s1', 's2']);
    expect(recs[1].dkim_results.map((k) => k.domain)).toEqual(['esp.example', 'auth.test']);
    expect(recs[1].spf_results).toEqual([
      { domain: 'esp.example', scope: null, result: 'softfail', human_result: 'x' },
    ]);
  });

  it('answers the records page with the same shape, ids from record and position', async () => {
    const res = await call(t, 'GET', '/api/dm/dmarc/aggregate-reports/?domain=auth.test', a.tokens.owner);
    const id = res.json().data[0].id;
    const page = await call(t, 'GET', `/api/dm/dmarc/aggregate-reports/${id}/records/`, a.tokens.owner);
    expect(page.statusCode).toBe(200);
    const rows = page.json().data;
    expect(rows[0].dkim_signatures).toEqual([
      {
        id: r1 * 1_000_000 + 1,
        attributes: { domain: 'mail.auth.test', selector: 's1', result: 'fail', human_result: 'bad sig' },
      },
      {
        id: r1 * 1_000_000 + 2,
        attributes: { domain: 'auth.test', selector: 's2', result: 'pass', human_result: null },
      },
    ]);
    expect(rows[1].dkim_signatures.map((k: { id: number }) => k.id)).toEqual([
      r2 * 1_000_000 + 1,
      r2 * 1_000_000 + 2,
    ]);
    // Same key order on the wire as before (objects built field by field, not jsonb's key order).
    expect(Object.keys(rows[0].attributes.spf_results[0])).toEqual([
      'domain',
      'scope',
      'result',
      'human_result',
    ]);
    expect(Object.keys(rows[0].dkim_signatures[0].attributes)).toEqual([
      'domain',
      'selector',
      'result',
      'human_result',
    ]);
    expect(rows[0].attributes.spf_results).toEqual([
      { domain: 'auth.test', scope: 'mfrom', result: 'pass', human_result: null },
    ]);
  });

  it('lists DKIM signatures of the domain and its subdomains from the record rows', async () => {
    const res = await call(
      t,
      'GET',
      '/api/dm/dmarc/aggregate-reports/dkim-signatures/?domain=auth.test',
      a.tokens.owner,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { id: string; attributes: unknown }) => [d.id, d.attributes])).toEqual([
      [
        'auth.test:s2',
        { domain: 'auth.test', selector: 's2', messages: 5, passed: 3, last_seen: expect.any(String) },
      ],
      [
        'mail.auth.test:s1',
        { domain: 'mail.auth.test', selector: 's1', messages: 3, passed: 0, last_seen: expect.any(String) },
      ],
    ]);
  });

  it('puts the results back into the tables on the way down', async () => {
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    expect(await authRows('dmarc_dkim_results')).toEqual([
      { record_id: r1, domain: 'mail.auth.test', result: 'fail', human_result: 'bad sig', extra: 's1' },
      { record_id: r1, domain: 'auth.test', result: 'pass', human_result: null, extra: 's2' },
      { record_id: r2, domain: 'esp.example', result: 'pass', human_result: null, extra: 'esp' },
      { record_id: r2, domain: 'auth.test', result: 'fail', human_result: null, extra: 's2' },
    ]);
    expect(await authRows('dmarc_spf_results')).toHaveLength(2);
    // The cascade trigger is back: deleting a record takes its results along.
    await sql`delete from dmarc_records where id = ${r2}`.execute(t.db);
    expect(await authRows('dmarc_dkim_results')).toHaveLength(2);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const left = await t.db.selectFrom('dmarc_records').select('dkim_results').where('id', '=', r1).execute();
    expect(left[0].dkim_results).toHaveLength(2);
  });
});
