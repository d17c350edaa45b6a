import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { dataTables, sequenceNames, sequenceState } from '../../server/db/portable/catalog';
import { ingestFile } from '../../server/ingest/ingest-file';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { seededDataDir } from '../support/pglite-template';
import { sampleFiles, sampleReports } from './analytics-setup';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, tokenFor } from './support/orgs';
import { runMsas, sharedDatabase, type SharedDatabase } from './support/processes';

// msas export on an embedded (PGlite) database, msas import-db into a new one (PostgreSQL when DATABASE_URL
// is set, else a second PGlite), both as real processes; then the two databases must hold the same rows and
// give the same analytics answers.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-export-'));
const file = path.join(work, 'msas.jsonl.gz');
const sourceDir = seededDataDir('msas-export-src-');
const sourceEnv = { DATA_DIR: sourceDir, LOG_LEVEL: 'warn' };
let target: SharedDatabase;
let orgId = 0;

const openSource = async (): Promise<DatabaseHandle> => {
  const h = await openDatabase({ dataDir: sourceDir });
  await migrateToLatest(h.db);
  return h;
};
const appOn = (h: DatabaseHandle) =>
  startTestApp({ database: { db: h.db, kind: h.kind, close: async () => {} } });

async function counts(h: DatabaseHandle): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { table } of await dataTables(h.db)) {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
      h.db,
    );
    out[table] = Number(rows[0]!.n);
  }
  return out;
}

async function sequences(h: DatabaseHandle) {
  const out = [];
  for (const name of await sequenceNames(h.db)) out.push(await sequenceState(h.db, name));
  return out;
}

const range = 'begin_date=1970-01-01&end_date=2030-12-31';
const answersToCompare = [
  `/api/dm/domains/metrics/?${range}`,
  `/api/dm/aggregated-by-domain/?${range}&ordering=domain&page_size=100`,
  `/api/dm/aggregated-by-ip/?${range}&page_size=100`,
  `/api/dm/aggregated-by-sender-service/?${range}&page_size=100`,
];

async function answers(t: TestApp): Promise<unknown[]> {
  const owner = await t.db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  const token = await tokenFor(t, owner);
  // A time series spans at most ten years: the 3,000 days up to the last stored one.
  const { last } = await t.db
    .selectFrom('dmarc_rollups')
    .select((e) => e.fn.max('day').as('last'))
    .executeTakeFirstOrThrow();
  const end = new Date(last as unknown as string);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const begin = iso(new Date(end.getTime() - 3000 * 86_400_000));
  const series = `/api/dm/domains/time-series/?begin_date=${begin}&end_date=${iso(end)}`;
  const out = [];
  for (const url of [...answersToCompare, series]) {
    const res = await call(t, 'GET', url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    out.push(res.json());
  }
  return out;
}

beforeAll(async () => {
  const h = await openSource();
  const t = await appOn(h);
  try {
    const a = await seedTenant(t, 'Portable A', 'unused-a.example');
    await seedTenant(t, 'Portable B', 'unused-b.example');
    orgId = a.org.id;
    for (const d of new Set(sampleReports.map((r) => r.domain)))
      await t.db
        .insertInto('domains')
        .values({ name: d, organization_id: a.org.id, verified_at: new Date() })
        .execute();
    for (const rel of sampleFiles)
      await ingestFile(t.db, {
        name: rel,
        bytes: fs.readFileSync(path.join(samplesDir, rel)),
        source: 'cli',
      });
  } finally {
    await t.close();
    await h.close();
  }
  target = await sharedDatabase();
}, 240_000);

afterAll(async () => {
  await target?.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(sourceDir, { recursive: true, force: true });
});

describe('msas export and import-db', () => {
  it('moves the whole database: same rows, same sequences, same analytics answers', async () => {
    const exported = await runMsas(sourceEnv, ['export', file]);
    expect(exported.code, exported.output).toBe(0);
    expect(exported.stdout).toMatch(/^msas: exported \d+ rows of \d+ tables \(migration \d{4}_\w+\) to /);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const imported = await runMsas(target.env, ['import-db', file]);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.stdout).toMatch(/^msas: imported \d+ rows of \d+ tables from /);

    const src = await openSource();
    const dst = await target.open();
    const [srcApp, dstApp] = [await appOn(src), await appOn(dst)];
    try {
      const before = await counts(src);
      expect(before.dmarc_records).toBeGreaterThan(0);
      expect(before.dmarc_rollups).toBeGreaterThan(0);
      expect(before.users).toBe(6);
      expect(await counts(dst)).toEqual(before);
      expect(await sequences(dst)).toEqual(await sequences(src));
      const srcAnswers = await answers(srcApp);
      expect(JSON.stringify(srcAnswers)).toMatch(/"messages"|"count"|"y"/);
      expect(await answers(dstApp)).toEqual(srcAnswers);
      // The identities continue after the imported rows instead of colliding with them.
      const org = await dst.db
        .insertInto('organizations')
        .values({ name: 'After the move', benefits: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { max } = await src.db
        .selectFrom('organizations')
        .select((e) => e.fn.max('id').as('max'))
        .executeTakeFirstOrThrow();
      expect(org.id).toBe(Number(max) + 1);
    } finally {
      await srcApp.close();
      await dstApp.close();
      await src.close();
      await dst.close();
    }
  }, 300_000);

  it('refuses a database that already holds data, and changes nothing', async () => {
    const again = await runMsas(target.env, ['import-db', file]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('the target database is not empty (');
    expect(again.output).toContain('import-db only fills a new database');
    expect(again.output).not.toMatch(/\n\s+at /);
    const dst = await target.open();
    try {
      const { n } = await dst.db
        .selectFrom('organizations')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(3);
    } finally {
      await dst.close();
    }
  }, 120_000);

  it('refuses an export made at another migration and names both', async () => {
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migrations: string[] };
    const latest = header.migrations.at(-1)!;
    header.migrations.pop();
    lines[0] = JSON.stringify(header);
    const older = path.join(work, 'older.jsonl.gz');
    fs.writeFileSync(older, gzipSync(lines.join('\n')));
    const res = await runMsas(target.env, ['import-db', older]);
    expect(res.code).toBe(1);
    expect(res.output).toContain(
      `the export is at migration ${header.migrations.at(-1)}, the target database at ${latest}`,
    );
  }, 120_000);

  it('loads all or nothing: a file cut short leaves the new database empty', async () => {
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    // Every row is still there; the sequences and the end marker are not.
    const cut = path.join(work, 'cut.jsonl.gz');
    fs.writeFileSync(cut, gzipSync(lines.slice(0, -2).join('\n')));
    const fresh = await sharedDatabase();
    try {
      const res = await runMsas(fresh.env, ['import-db', cut]);
      expect(res.code).toBe(1);
      expect(res.output).toContain('the file ends early (no end marker): it is incomplete');
      const h = await fresh.open();
      try {
        const filled = Object.entries(await counts(h)).filter(([, n]) => n > 0);
        // Only what the migrations themselves put there: the sender catalogue and its snapshot networks.
        expect(filled).toEqual([
          ['email_sender_networks', 62],
          ['email_senders', 27],
        ]);
      } finally {
        await h.close();
      }
    } finally {
      await fresh.close();
    }
  }, 180_000);

  it('refuses to write over an existing file', async () => {
    const res = await runMsas(sourceEnv, ['export', file]);
    expect(res.code).toBe(1);
    expect(res.output).toContain('already exists');
  }, 120_000);
});
