import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { openTestDatabase, type TestDatabase } from './support/db';

// migrateToLatest on a database that has every known migration answers from one query and leaves Kysely's
// migrator (its table checks, lock table and lock) alone; any other stored state goes to the migrator.
describe('migrateToLatest when the database is up to date', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  const lockTable = async () =>
    (
      await sql<{ found: string | null }>`select to_regclass('kysely_migration_lock')::text as found`.execute(
        t.db,
      )
    ).rows[0]?.found ?? null;

  it('applies nothing and does not run the migrator', async () => {
    expect(await lockTable()).not.toBeNull();
    // The migrator would lay its lock table down again: with it gone, only the quick check ran.
    await sql`drop table kysely_migration_lock`.execute(t.db);
    expect(await migrateToLatest(t.db)).toEqual({ applied: [] });
    expect(await lockTable()).toBeNull();
  });

  it('hands a database with a migration msas does not know to the migrator, which refuses it', async () => {
    const stored = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(t.db);
    expect(stored.rows[0]?.n).toBe(Object.keys(migrations).length);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_msas', now()::text)`.execute(
      t.db,
    );
    await expect(migrateToLatest(t.db)).rejects.toThrow(/9999_from_a_newer_msas|corrupted/i);
    expect(await lockTable()).not.toBeNull();
  });
});
