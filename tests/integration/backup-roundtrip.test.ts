import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { startPostgres, type Postgres } from '../../scripts/services/postgres';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { dataTables, ownedSequences, sequenceState } from '../../server/db/portable/catalog';
import { exportDatabase } from '../../server/db/portable/export';
import { importDatabase } from '../../server/db/portable/import';
import { seededDataDir } from '../support/pglite-template';
import { fillEveryTable } from './support/fill-tables';

// A backup restores: every table of the live schema (a table added later included) gets rows of every
// column type, goes out through export and comes back through import-db on the other engine, PGlite to
// PostgreSQL and PostgreSQL to PGlite, with the same row count and the same contents, digest for digest.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-roundtrip-'));
let server: Postgres | undefined;
let serverUrl = process.env.DATABASE_URL ?? '';
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (!serverUrl) {
    server = await startPostgres();
    serverUrl = server.url;
  }
}, 120_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

async function openPglite(): Promise<DatabaseHandle> {
  const dataDir = seededDataDir('msas-roundtrip-');
  const h = await openDatabase({ dataDir });
  await migrateToLatest(h.db);
  closers.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return h;
}

async function openPostgres(): Promise<DatabaseHandle> {
  const name = `msas_rt_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  closers.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const h = await openDatabase({ databaseUrl: url.toString(), dataDir: work });
  await migrateToLatest(h.db);
  return h;
}

/** Per table: its row count and the md5 of its rows as text, in one order and one text form on both engines. */
async function digests(db: Db): Promise<Record<string, string>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local timezone = 'UTC'`.execute(trx);
    await sql`set local datestyle = 'ISO, YMD'`.execute(trx);
    await sql`set local extra_float_digits = 1`.execute(trx);
    const out: Record<string, string> = {};
    for (const { table, columns } of await dataTables(trx)) {
      const cols = sql.join(columns.map((c) => sql.id(c)));
      const { rows } = await sql<{ n: string; md5: string }>`
        select count(*)::text as n,
               md5(coalesce(string_agg(x::text, E'\\n' order by x::text collate "C"), '')) as md5
          from (select ${cols} from ${sql.table(table)}) x`.execute(trx);
      out[table] = `${rows[0]!.n} ${rows[0]!.md5}`;
    }
    return out;
  });
}

/** Owned sequences that would hand out a value their column already holds. */
async function sequencesBehind(db: Db): Promise<string[]> {
  const behind: string[] = [];
  for (const o of await ownedSequences(db)) {
    const { rows } = await sql<{ max: string | null }>`
      select max(${sql.id(o.column)})::text as max from ${sql.table(o.table)}`.execute(db);
    const s = await sequenceState(db, o.sequence);
    const next = BigInt(s.last_value) + (s.is_called ? 1n : 0n);
    if (rows[0]!.max !== null && next <= BigInt(rows[0]!.max)) behind.push(`${o.table}.${o.column}`);
  }
  return behind;
}

const files: string[] = [];

async function roundTrip(
  openSource: () => Promise<DatabaseHandle>,
  openTarget: () => Promise<DatabaseHandle>,
) {
  const file = path.join(work, `${randomBytes(4).toString('hex')}.jsonl.gz`);
  files.push(file);
  const src = await openSource();
  let before: Record<string, string>;
  try {
    expect(await fillEveryTable(src.db)).toEqual([]);
    before = await digests(src.db);
    const empty = Object.entries(before).filter(([, d]) => d.startsWith('0 '));
    expect(empty).toEqual([]);
    await exportDatabase(src.db, file);
  } finally {
    await src.close();
  }
  const dst = await openTarget();
  try {
    await importDatabase(dst.db, file);
    expect(await digests(dst.db)).toEqual(before);
    expect(await sequencesBehind(dst.db)).toEqual([]);
    // The next row of a `generated always` identity table takes a new id rather than an imported one.
    const { rows } = await sql<{ id: string }>`
      insert into digest_schedules (organization_id, type, name, frequency, hour, time_zone, time_frame)
      select organization_id, type, name || ' after restore', frequency, hour, time_zone, time_frame
        from digest_schedules limit 1
      returning id::text as id`.execute(dst.db);
    const { max } = await dst.db
      .selectFrom('digest_schedules')
      .select((e) => e.fn.max('id').as('max'))
      .where('id', '<>', rows[0]!.id as never)
      .executeTakeFirstOrThrow();
    expect(BigInt(rows[0]!.id)).toBeGreaterThan(BigInt(String(max)));
  } finally {
    await dst.close();
  }
}

describe('backup and restore over every table', () => {
  it('PGlite to PostgreSQL: same rows, same contents', () => roundTrip(openPglite, openPostgres), 120_000);
  it('PostgreSQL to PGlite: same rows, same contents', () => roundTrip(openPostgres, openPglite), 120_000);

  it('continues every identity past the imported ids even when the file says less', async () => {
    // An export whose sequences stand behind its rows (taken from an older or hand-made file).
    const lines = gunzipSync(fs.readFileSync(files[0]!)).toString('utf8').trimEnd().split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"$":"sequences"'));
    const marker = JSON.parse(lines[at]!) as { sequences: { last_value: string; is_called: boolean }[] };
    for (const s of marker.sequences) Object.assign(s, { last_value: '1', is_called: false });
    lines[at] = JSON.stringify(marker);
    const behind = path.join(work, 'behind.jsonl.gz');
    fs.writeFileSync(behind, gzipSync(lines.join('\n')));
    const dst = await openPglite();
    try {
      await importDatabase(dst.db, behind);
      expect(await sequencesBehind(dst.db)).toEqual([]);
    } finally {
      await dst.close();
    }
  }, 120_000);
});
