import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { privateDirMode, tightenTree } from '../lib/data-dir';
import { timePool } from '../lib/metrics';
import { dbTypes } from './int8';
import { lockDataDir } from './pglite-lock';
import { startPGliteWorker, type PGliteWorker } from './pglite-socket';
import type { Database } from './schema';
import { usableSeed } from './seed';

export type Db = Kysely<Database>;
export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: the cluster was new and laid down from the build's migrated seed (seed.ts). */
  seeded?: boolean;
  close: () => Promise<void>;
};

// The pool size of each opened database: code that could use several connections at once (a job batch run
// concurrently) asks, and runs one thing at a time on PGlite, whose single connection a transaction holds.
const poolSizes = new WeakMap<Db, number>();

/** How many connections `db` can use at once: its pool's size on PostgreSQL, 1 on PGlite or a transaction. */
export const connectionsOf = (db: Db): number => poolSizes.get(db) ?? 1;

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  // PostgreSQL only: every connection uses this schema first (tests use one schema per file).
  searchPath?: string;
  /** PGlite only: where a new cluster's seed is looked for (seed.ts); null: none. Default: the build's directory. */
  seedDir?: string | null;
  /** Called once the database is on its way (PGlite: its thread started), before it is ready. */
  onStart?: () => void;
};

// PostgreSQL through pg when DATABASE_URL is set, else PGlite (embedded WASM Postgres) in DATA_DIR/pglite,
// run in a worker thread and reached through pg as well (pglite-socket.ts).
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    options.onStart?.();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: dbTypes,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    timePool(pool, 'postgres');
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolSizes.set(db, pool.options.max);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(options.dataDir, { recursive: true, mode: privateDirMode });
  // One process at a time: any other one opening it would work on a copy of its own (pglite-lock.ts).
  const unlock = lockDataDir(options.dataDir);
  let worker: PGliteWorker;
  try {
    // A DATA_DIR without a database starts from the build's seed when there is a usable one (seed.ts).
    const seed = fs.existsSync(dir) ? null : usableSeed(options.seedDir);
    if (!seed) fs.mkdirSync(dir, { recursive: true, mode: privateDirMode });
    worker = await startPGliteWorker(dir, seed, options.onStart);
  } catch (e) {
    unlock();
    throw e;
  }
  // PGlite sets modes of its own on the cluster it lays down (0666) and on files it rewrites (0644), whatever the
  // umask: the 0700 directory already shuts others out, and the files are brought to 0600 on open and close.
  tightenTree(dir);
  // PGlite is one backend: one connection, which a transaction holds from BEGIN to COMMIT (the pool queues
  // the rest), kept open while idle.
  const pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    types: dbTypes,
    user: 'postgres',
    database: 'postgres',
    stream: () => worker.socket(),
  });
  timePool(pool, 'pglite');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    seeded: worker.seeded,
    close: async () => {
      await db.destroy();
      await worker.close();
      tightenTree(dir);
      unlock();
    },
  };
}
