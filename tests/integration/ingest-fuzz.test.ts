import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ingestFile } from '../../server/ingest/ingest-file';
import { ingestMany, type ManyItem } from '../../server/ingest/ingest-many';
import type { FileResult, IncomingFile, StoredReport } from '../../server/ingest/types';
import { expectations, samplesDir } from '../fixtures/dmarc/sample-expectations';
import { summaryDrift } from '../../server/modules/analytics/summaries/summary-check';
import { openTestDatabase, type TestDatabase } from './support/db';
import { prng } from '../../server/dmarc/testing/prng';
import { mutate } from './ingest-fuzz-mutate';
import { makeOrganization, rollupsFromRecords, storedRollups } from './ingest-helpers';

// A thousand damaged copies of the samples go through the real storage (ingestMany in batches, ingestFile one
// by one): none crashes or hangs, each file is imported, a duplicate or rejected with a reason, and the
// database is consistent afterwards. Seeded, so a failure can be replayed by its case number.

const SEED = 0x1f_2e_3d;
const CASES = 1000;
/** Per file, from being handed to the pipeline to its result (parse + store). */
const FILE_BOUND_MS = 5000;

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  // Two tenants share the samples' domains; the rest stay unregistered (kept aside, no rollups).
  const domains = new Set<string>();
  for (const e of Object.values(expectations))
    if ('reports' in e) for (const r of e.reports) domains.add(r.domain.toLowerCase());
  const sorted = [...domains].sort();
  await makeOrganization(
    t.db,
    'Fuzz One',
    sorted.filter((_, i) => i % 3 === 0),
  );
  await makeOrganization(
    t.db,
    'Fuzz Two',
    sorted.filter((_, i) => i % 3 === 1),
  );
});
afterAll(() => t.close());

function corpus(): { file: IncomingFile; label: string }[] {
  const names = Object.keys(expectations);
  const sources = names.map((f) => readFileSync(path.join(samplesDir, f)));
  const rnd = prng(SEED);
  return Array.from({ length: CASES }, (_, n) => {
    const which = Math.floor(rnd() * sources.length);
    const { bytes, how } = mutate(sources[which], rnd);
    const label = `case ${n}: ${names[which]} ${how}`;
    return { file: { name: `fuzz-${n}`, bytes, source: 'upload' }, label };
  });
}

function checkResult(result: FileResult, label: string) {
  expect(['imported', 'duplicate', 'rejected'], label).toContain(result.status);
  if (result.status === 'rejected') expect(result.reason?.length ?? 0, label).toBeGreaterThan(10);
  else expect(['aggregate', 'tls', 'failure'], label).toContain(result.kind);
}

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(t.db)).rows[0].n;

describe('fuzz: damaged reports through storage', () => {
  it(`stores ${CASES} damaged files consistently`, async () => {
    const cases = corpus();
    const labels = new Map(cases.map((c) => [c.file.name, c.label]));
    const imported = new Map<string, Set<number>>([
      ['aggregate', new Set()],
      ['tls', new Set()],
      ['failure', new Set()],
    ]);
    const statuses = { imported: 0, duplicate: 0, rejected: 0 };
    const record = (result: FileResult, reports: StoredReport[], label: string) => {
      checkResult(result, label);
      statuses[result.status] += 1;
      for (const r of reports) if (r.status === 'imported') imported.get(r.kind)!.add(r.id!);
    };
    const started = Date.now();

    // Nine in ten through the batched pipeline (parsed in a worker thread, two lanes, small batches so
    // savepoints are exercised)...
    const handed = new Map<string, number>();
    const batched = cases.filter((_, n) => n % 10 !== 0);
    async function* feed() {
      for (const c of batched) {
        handed.set(c.file.name, Date.now());
        yield c.file;
      }
    }
    let seen = 0;
    const many = { concurrency: 2, batchReports: 8, prefetch: 4, parseWorkers: 1 };
    await ingestMany(t.db, feed(), many, (item: ManyItem) => {
      const label = labels.get(item.file)!;
      if (!item.result) throw new Error(`${label}: internal error ${String(item.error)}`);
      // A file waits at most for the batches ahead of it (prefetch + lanes), each bounded per file.
      expect(Date.now() - handed.get(item.file)!, label).toBeLessThan(FILE_BOUND_MS * 6);
      record(item.result, item.reports, label);
      seen += 1;
    });
    expect(seen).toBe(batched.length);

    // ...and one in ten one by one, as upload, mail and SMTP do it.
    for (const c of cases.filter((_, n) => n % 10 === 0)) {
      const t0 = Date.now();
      const { result, reports } = await ingestFile(t.db, c.file);
      expect(Date.now() - t0, c.label).toBeLessThan(FILE_BOUND_MS);
      record(result, reports, c.label);
    }
    expect(Date.now() - started).toBeLessThan(50_000);

    // Damage is neither always fatal nor always ignored, and intact copies come back as duplicates.
    expect(statuses.imported).toBeGreaterThan(30);
    expect(statuses.duplicate).toBeGreaterThan(100);
    expect(statuses.rejected).toBeGreaterThan(100);

    // Exactly the reports said to be imported are stored (those no organization owns are held apart:
    // held_reports, migrations 0048 and 0058).
    for (const [kind, table] of [
      ['aggregate', 'dmarc_reports'],
      ['tls', 'tls_reports'],
      ['failure', 'failure_reports'],
    ] as const) {
      const held = await t.db.selectFrom('held_reports').select('id').where('kind', '=', kind).execute();
      const ids = [...(await t.db.selectFrom(table).select('id').execute()), ...held]
        .map((r) => r.id)
        .sort((a, b) => a - b);
      expect(ids, kind).toEqual([...imported.get(kind)!].sort((a, b) => a - b));
    }

    // Every record has its report, every report its file; every auth result in a record row (migration
    // 0036_record_auth_results) is an object with a domain and a result word.
    expect(
      await count(sql`select count(*)::int as n from dmarc_records d
        where not exists (select 1 from dmarc_reports r where r.id = d.report_id)`),
    ).toBe(0);
    for (const column of ['dkim_results', 'spf_results'])
      expect(
        await count(sql`select count(*)::int as n from dmarc_records d
          cross join lateral jsonb_array_elements(d.${sql.ref(column)}) x
          where jsonb_typeof(x->'domain') <> 'string' or jsonb_typeof(x->'result') <> 'string'`),
        column,
      ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from dmarc_records
        where jsonb_typeof(dkim_results) <> 'array' or jsonb_typeof(spf_results) <> 'array'`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from dmarc_records where jsonb_array_length(dkim_results) > 0`,
      ),
    ).toBeGreaterThan(0);
    for (const table of ['dmarc_reports', 'tls_reports', 'failure_reports', 'held_reports'])
      expect(
        await count(sql`select count(*)::int as n from ${sql.table(table)} r
          where r.file_id is null or not exists (select 1 from report_files f where f.id = r.file_id)`),
        table,
      ).toBe(0);

    // Header totals equal the sum of their records.
    expect(
      await count(sql`select count(*)::int as n from dmarc_reports r
        left join (select report_id, count(*)::int as records, sum(count)::int8 as messages
          from dmarc_records group by report_id) d on d.report_id = r.id
        where r.records_count <> coalesce(d.records, 0) or r.messages_count <> coalesce(d.messages, 0)`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from dmarc_records`)).toBeGreaterThan(0);

    // Rollups equal a recomputation from the records, and only owned reports have any.
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
    expect(await summaryDrift(t.db)).toEqual([]);
    expect(
      await count(sql`select count(*)::int as n from dmarc_rollups u
        where not exists (select 1 from dmarc_reports r where r.organization_id = u.organization_id
          and r.domain = u.domain)`),
    ).toBe(0);

    // Deleting an organization takes its reports, their records (with their auth results), and its rollups along
    // (statement triggers of migration 0032_ingest_keys stand in for the foreign keys' ON DELETE CASCADE).
    const owner = await t.db
      .selectFrom('dmarc_reports')
      .select('organization_id')
      .where('organization_id', 'is not', null)
      .where('records_count', '>', 0)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('organizations').where('id', '=', owner.organization_id!).execute();
    expect(
      await count(
        sql`select count(*)::int as n from dmarc_rollups where organization_id = ${owner.organization_id}`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from dmarc_records d
        where not exists (select 1 from dmarc_reports r where r.id = d.report_id)`),
    ).toBe(0);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
    expect(await summaryDrift(t.db)).toEqual([]);
  }, 90_000);
});
