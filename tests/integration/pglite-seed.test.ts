import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { freshBuild } from '../../bin/server-build.js';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { seedManifest, seedTarball, usableSeed } from '../../server/db/seed';
import { layDownSeed } from '../../server/db/seed-untar';
import { seededDataDir } from '../support/pglite-template';

// The server's build also makes a migrated PGlite cluster (server/db/seed.ts) that a new DATA_DIR starts from.
// It must be the database the migrations make, nothing more, and be used only when it matches this build.
// These tests open their own PGlite whatever DATABASE_URL says.

const names = Object.keys(migrations);
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

// The global setup made the build, and with it the seed.
const buildDir = () => {
  const dir = freshBuild();
  if (!dir) throw new Error('no fresh server build (tests/support/server-build.setup.ts makes one)');
  return dir;
};

// What a database is made of, as plain text to compare: columns, indexes, constraints, triggers, functions,
// the migrations stored and the number of rows of every table.
async function describeDb(db: Db) {
  const q = async (query: ReturnType<typeof sql<{ line: string }>>) =>
    (await query.execute(db)).rows.map((r) => r.line).sort();
  const tables = await q(sql`select table_name as line from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const rows: string[] = [];
  for (const table of tables) {
    const { rows: n } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      db,
    );
    rows.push(`${table} ${n[0]!.n}`);
  }
  return {
    columns:
      await q(sql`select concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) as line
      from information_schema.columns where table_schema = 'public'`),
    indexes: await q(sql`select indexdef as line from pg_indexes where schemaname = 'public'`),
    constraints:
      await q(sql`select concat_ws(' ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) as line
      from pg_constraint where connamespace = 'public'::regnamespace`),
    triggers: await q(
      sql`select concat_ws(' ', tgrelid::regclass::text, tgname) as line from pg_trigger where not tgisinternal`,
    ),
    functions: await q(sql`select concat_ws(' ', proname, md5(prosrc)) as line from pg_proc
      where pronamespace = 'public'::regnamespace`),
    migrations: await q(sql`select name as line from kysely_migration`),
    rows,
  };
}

describe('the migrated PGlite seed of the server build', () => {
  it('makes a new DATA_DIR the same database as migrating one the usual way, with no users or secrets', async () => {
    const fresh = tempDir('msas-seed-fresh-');
    const seeded = await openDatabase({ dataDir: fresh, seedDir: buildDir() });
    // A copy of the cluster the test run migrated the usual way (or a new one migrated here on PostgreSQL runs).
    const usualDir = seededDataDir('msas-seed-usual-');
    temps.push(usualDir);
    const usual = await openDatabase({ dataDir: usualDir, seedDir: null });
    try {
      expect(seeded.seeded).toBe(true);
      expect(await migrateToLatest(seeded.db)).toEqual({ applied: [] });
      await migrateToLatest(usual.db);
      const got = await describeDb(seeded.db);
      expect(got.migrations).toEqual([...names].sort());
      expect(got.columns.length).toBeGreaterThan(100);
      expect(got).toEqual(await describeDb(usual.db));
      // Only the rows migrations write: the catalogue of sending services and the migrator's own.
      expect(got.rows.filter((r) => !r.endsWith(' 0')).map((r) => r.split(' ')[0])).toEqual([
        'email_sender_networks',
        'email_senders',
        'kysely_migration',
        'kysely_migration_lock',
      ]);
      expect(got.rows).toContain('users 0');
    } finally {
      await seeded.close();
      await usual.close();
    }
    // Laid down private, as the rest of DATA_DIR.
    const open = fs
      .readdirSync(path.join(fresh, 'pglite'), { recursive: true })
      .filter((f) => fs.statSync(path.join(fresh, 'pglite', String(f))).mode & 0o077);
    expect(open).toEqual([]);
  });

  it('is ignored when made from other migrations: the new database is made and migrated as before', async () => {
    const stale = tempDir('msas-seed-stale-');
    fs.copyFileSync(path.join(buildDir(), seedTarball), path.join(stale, seedTarball));
    const manifest = JSON.parse(fs.readFileSync(path.join(buildDir(), seedManifest), 'utf8'));
    fs.writeFileSync(
      path.join(stale, seedManifest),
      JSON.stringify({ ...manifest, migrations: [...names, '9999_not_in_this_build'] }),
    );
    expect(usableSeed(stale)).toBeNull();
    const dataDir = tempDir('msas-seed-stale-data-');
    const handle = await openDatabase({ dataDir, seedDir: stale });
    try {
      expect(handle.seeded).toBe(false);
      expect((await migrateToLatest(handle.db)).applied).toEqual(names);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('is used only from the build, for the same PGlite, and never half laid down', () => {
    // The tests run the TypeScript sources: no build directory, no seed.
    expect(usableSeed()).toBeNull();
    expect(usableSeed(buildDir())).toBe(path.join(buildDir(), seedTarball));
    const other = tempDir('msas-seed-other-');
    fs.copyFileSync(path.join(buildDir(), seedTarball), path.join(other, seedTarball));
    const manifest = JSON.parse(fs.readFileSync(path.join(buildDir(), seedManifest), 'utf8'));
    fs.writeFileSync(path.join(other, seedManifest), JSON.stringify({ ...manifest, pglite: '0.0.1' }));
    expect(usableSeed(other)).toBeNull();

    // A damaged tarball: nothing is left at the target or beside it, so PGlite makes a new cluster there.
    const damaged = path.join(other, 'damaged.tar.gz');
    const whole = fs.readFileSync(path.join(buildDir(), seedTarball));
    fs.writeFileSync(damaged, whole.subarray(0, whole.length / 2));
    const dataDir = tempDir('msas-seed-damaged-');
    expect(layDownSeed(damaged, path.join(dataDir, 'pglite'))).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
