import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Db } from '../db/database';

// pg-boss (10.x: the line that runs on Node 20) keeps the queue in PostgreSQL tables of its own schema.
// Everything it sends goes through `executeSql(text, values)`: over a Kysely database or transaction that is
// how a job is inserted in the caller's transaction, and on PGlite (one connection, in a worker thread) how
// the queue shares the embedded database at all.

export const defaultQueueSchema = 'pgboss';
let schema = defaultQueueSchema;

/** The schema holding pg-boss's tables ('pgboss'; tests on PostgreSQL use one per test file). */
export const queueSchema = () => schema;

export function setQueueSchema(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(name)) throw new Error(`bad queue schema name ${name}`);
  schema = name;
}

/** pg-boss's database interface over a Kysely database or transaction. */
export function sqlAdapter(db: Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      // No values: pg sends a simple query, so pg-boss's multi-statement scripts (BEGIN; ...; COMMIT) work.
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] as Record<string, unknown>[] };
    },
  };
}

export type BossRole = { work: boolean };

// PostgreSQL (DATABASE_URL): pg-boss gets a small pool of its own, so its polling never waits behind API
// requests for one of the application's connections nor holds one they need. PGlite: through the
// application's single connection (a poll waits while a transaction holds it; no job query holds it long).
export function createBoss(config: Config, db: Db, role: BossRole): PgBoss {
  const connection: PgBoss.DatabaseOptions = config.databaseUrl
    ? { connectionString: config.databaseUrl, max: 4, application_name: 'msas-jobs' }
    : { db: sqlAdapter(db) };
  return new PgBoss({
    ...connection,
    schema,
    // Only processes that run jobs hand back expired jobs, archive old ones and fire cron entries.
    supervise: role.work,
    schedule: role.work,
    maintenanceIntervalSeconds: config.jobs.maintenanceSeconds,
    // Failed jobs (the dead letters) stay listable for 14 days; archived jobs are kept 35 days, so a key
    // naming a day or a month (enqueue's `key`) is still known when the same item comes again.
    archiveCompletedAfterSeconds: 12 * 3600,
    archiveFailedAfterSeconds: 14 * 86400,
    deleteAfterDays: 35,
  });
}

const senders = new Map<string, PgBoss>();

/** A pg-boss that is never started, only used to build sends over the connection each call passes. */
export function sender(): PgBoss {
  let boss = senders.get(schema);
  if (!boss) {
    const none: PgBoss.Db = {
      executeSql: () => Promise.reject(new Error('enqueue runs on the connection it is given')),
    };
    boss = new PgBoss({ db: none, schema });
    senders.set(schema, boss);
  }
  return boss;
}

/** A pg-boss, never started, whose every call runs over `db` (for its calls that take no `db` option). */
export function bossOver(db: Db): PgBoss {
  return new PgBoss({ db: sqlAdapter(db), schema });
}
