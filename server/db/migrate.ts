import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';

export type MigrationReport = { applied: string[] };

// Kysely's migrator, even with nothing to do, first makes sure of its schema, tables and lock row through
// catalog introspection and then takes its lock in a transaction: many statements, which on the embedded
// database cost seconds at every start. When the stored migrations are exactly the known ones (the usual
// start), two short queries say so and the migrator is not run; in any other case it runs as before.
async function upToDate(db: Kysely<Database>, schema: string): Promise<boolean> {
  const names = Object.keys(migrations);
  const { rows } = await sql<{ known: number; total: number }>`
    select count(*) filter (where name = any(${names}))::int as known, count(*)::int as total
    from ${sql.table(`${schema}.kysely_migration`)}`.execute(db);
  return rows[0]?.known === names.length && rows[0].total === names.length;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  // Kysely's migrator looks for its own tables in every schema; pin it to ours (the first of search_path) so
  // several msas schemas on one PostgreSQL (tests, staging) never see each other's migration state.
  const { rows } = await sql<{ schema: string; stored: string | null }>`
    select current_schema() as schema, to_regclass(quote_ident(current_schema()) || '.kysely_migration')::text as stored`.execute(
    db,
  );
  const schema = rows[0]?.schema ?? 'public';
  if (rows[0]?.stored && (await upToDate(db, schema))) return { applied: [] };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed`);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
