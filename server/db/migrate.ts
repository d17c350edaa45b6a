import { Migrator, sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';

export type MigrationReport = { applied: string[] };

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  // Kysely's migrator looks for its own tables in every schema; pin it to ours (the first of search_path) so
  // several msas schemas on one PostgreSQL (tests, staging) never see each other's migration state.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed`);
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
