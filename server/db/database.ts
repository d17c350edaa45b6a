import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type DatabaseHandle = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  // PostgreSQL only: every connection uses this schema first (tests use one schema per file).
  searchPath?: string;
};

// PostgreSQL through pg when DATABASE_URL is set, else PGlite (embedded WASM Postgres) in DATA_DIR/pglite.
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
