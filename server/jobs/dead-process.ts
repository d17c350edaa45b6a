import type PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { releaseDeadClaims } from '../mail/outbox';
import { expireActiveJobs } from './store';

// PGlite: one process opens a DATA_DIR at a time (docs/OPERATIONS.md, "Data directory"), so when a process
// that runs jobs starts, every job still "active" and every mail attempt still in flight was left by a process
// that died (kill -9, power loss). Waiting for their expiry would stall them for up to 15 minutes, and a
// periodic job's next run with them (pg-boss runs one of each at a time): they are handed back at once.
// On PostgreSQL other live processes may hold such work, so only the expiry hands it back there. Once per
// database and process: a second queue a process opens (tests do) must not take its sibling's running jobs.
const handled = new WeakSet<Db>();

export async function handBackDeadWork(ctx: AppContext, boss: PgBoss): Promise<void> {
  if (ctx.config.databaseUrl || handled.has(ctx.db)) return;
  handled.add(ctx.db);
  const jobs = await expireActiveJobs(ctx.db);
  // pg-boss's own expiry: a retry (or a dead letter after the last attempt), under its advisory lock.
  if (jobs > 0) await boss.expire();
  const mail = await releaseDeadClaims(ctx.db, ctx.now());
  if (jobs > 0 || mail > 0)
    ctx.logger.warn({ jobs, mail }, 'handed back the work of a process that stopped without finishing it');
}
