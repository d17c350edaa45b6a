import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { Actor } from '../lib/permissions';
import type { Db } from './database';

// Which database a read-only query made for `actor` goes to: the replica (DATABASE_READ_URL) when it is
// within DATABASE_READ_MAX_LAG_SECONDS and has every recent write of the actor's organization; else the
// primary. Used by analytics, report lists and exports; writes, permission checks and anything read back
// right after a write use ctx.db.
//
// Read-your-own-writes, without state in the API process (any process may serve the next request):
// every mutation commits an audit row (withAudit, keyed by the caller's organization) in the transaction
// of its work, or after it for uploads, which commit report by report before the audit row. So the
// replica has replayed a caller's writes once it holds their audit rows: the primary lists the
// organization's audit rows of the recent window (an index scan on organization_id, date), the replica is
// asked whether it has them all. Writes older than the window are on the replica for sure: reads only go
// there while its lag is under the limit, and the window is that limit plus a margin for the lag check's
// cache and for transactions that stay open a while between their audit row's date and their commit.
// Usually the window holds no row and the replica is used after one small query on the primary.

const windowMarginSeconds = 300;
// A very busy organization (more audited writes in the window than this) just reads from the primary.
const maxRecentWrites = 200;

async function recentWriteIds(primary: Db, organizationId: number | null, windowSeconds: number) {
  const recent = sql<Date>`now() - make_interval(secs => ${windowSeconds})`;
  const rows =
    organizationId === null
      ? await primary
          .selectFrom('instance_audit_operations')
          .select('id')
          .where('date', '>', recent)
          .limit(maxRecentWrites + 1)
          .execute()
      : await primary
          .selectFrom('organization_audit_operations')
          .select('id')
          .where('organization_id', '=', organizationId)
          .where('date', '>', recent)
          .limit(maxRecentWrites + 1)
          .execute();
  return rows.map((r) => r.id);
}

async function replicaHolds(replica: Db, ids: number[]): Promise<boolean> {
  const row = await sql<{ n: number }>`select count(*)::int as n from audit_operations
    where id = any(${ids}::bigint[])`.execute(replica);
  return row.rows[0].n === ids.length;
}

export async function readDb(ctx: AppContext, actor: Actor): Promise<Db> {
  const replica = ctx.replica;
  if (!replica) return ctx.db;
  if ((await replica.lag()).state !== 'ok') return ctx.db;
  try {
    const window = replica.maxLagSeconds + windowMarginSeconds;
    const ids = await recentWriteIds(ctx.db, actor.organizationId, window);
    if (ids.length > maxRecentWrites) return ctx.db;
    if (ids.length > 0 && !(await replicaHolds(replica.db, ids))) return ctx.db;
    return replica.db;
  } catch (err) {
    ctx.logger.error({ err }, 'read replica: read-your-own-writes check failed, reading from the primary');
    return ctx.db;
  }
}
