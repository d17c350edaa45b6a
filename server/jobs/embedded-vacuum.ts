import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Job } from './job';

// PGlite runs PostgreSQL as one standalone backend, without the autovacuum launcher, so nothing there ever
// vacuums or analyzes. The rows the summaries' fold deletes every 15 s, retention and the token purges would
// keep their space (measured on PGlite: a table emptied and refilled five times was five times its size),
// and the planner would never get statistics. This job does that work wherever no launcher runs; beside
// PostgreSQL's own autovacuum it does nothing.

/** VACUUM (ANALYZE) of the database when no autovacuum launcher runs; true when it ran. */
export async function vacuumWithoutAutovacuum(db: Db): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where backend_type = 'autovacuum launcher'`.execute(db);
  if (rows[0].n > 0) return false;
  // VACUUM cannot run inside a transaction block: this job runs outside one (inTransaction: false).
  await sql`vacuum (analyze)`.execute(db);
  return true;
}

export function embeddedVacuumJob(): Job {
  return {
    name: 'vacuum-embedded-database',
    intervalMs: 3_600_000,
    inTransaction: false,
    run: async ({ db, logger }) => {
      const ran = await vacuumWithoutAutovacuum(db);
      logger.info(
        { ran },
        ran ? 'vacuumed and analyzed the embedded database' : 'autovacuum runs: nothing to do',
      );
    },
  };
}
