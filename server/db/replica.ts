import { sql } from 'kysely';
import type { Logger } from 'pino';
import { openDatabase, type Db } from './database';

// A PostgreSQL streaming replica (DATABASE_READ_URL) that analytics, report lists and exports read from
// (server/db/read-db.ts chooses per request). Its lag is measured at most once per `lagCacheMs`, so a
// busy API does not ask both servers for their WAL positions on every request.

export type ReplicaLag = {
  /** ok: reads may use the replica; lagging: past DATABASE_READ_MAX_LAG_SECONDS; error: it did not answer. */
  state: 'ok' | 'lagging' | 'error';
  /** Seconds since the replica replayed its last transaction, while it has WAL left to replay; else 0. */
  seconds: number | null;
  /** WAL bytes the primary has written that the replica has not replayed yet. */
  bytes: number | null;
};

export type ReadReplica = {
  db: Db;
  maxLagSeconds: number;
  /** The last measurement, or a new one when it is older than the cache period. */
  lag: () => Promise<ReplicaLag>;
  close: () => Promise<void>;
};

export const lagCacheMs = 2_000;

// Each replica handle's primary. A hot standby refuses every write, but some reads write first: the
// analytics queries fold the summary deltas (server/modules/analytics/summaries/summaries-fold.ts) before they read,
// and that fold goes to the primary (the replica then shows the folds it has replayed).
const primaries = new WeakMap<Db, Db>();

/** The handle writes made on behalf of `db` go to: its primary when `db` is a replica, else `db` itself. */
export const writerFor = (db: Db): Db => primaries.get(db) ?? db;

// "16/B374D848" → a number of bytes (pg_lsn's text form: two hexadecimal 32-bit halves).
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

type ReplayRow = { recovery: boolean; lsn: string | null; behind: number | null };

/**
 * Lag from both sides: the primary's current WAL position against the replica's replayed one (bytes), and
 * how long ago the replica replayed its last commit (seconds, on the replica's clock against the primary's
 * commit timestamp). While everything is replayed the lag is 0 however long ago the last commit was, so an
 * idle primary does not look like a lagging replica. A server that is not in recovery (DATABASE_READ_URL
 * naming the primary itself) has nothing to replay: lag 0.
 */
export async function measureLag(primary: Db, replica: Db, maxLagSeconds: number): Promise<ReplicaLag> {
  const [current, replay] = await Promise.all([
    sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary),
    sql<ReplayRow>`select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn,
      extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as behind`.execute(replica),
  ]);
  const r = replay.rows[0];
  if (!r.recovery || r.lsn === null) return { state: 'ok', seconds: 0, bytes: 0 };
  const diff = lsnBytes(current.rows[0].lsn) - lsnBytes(r.lsn);
  const bytes = diff > 0n ? Number(diff) : 0;
  // Nothing replayed since the base backup while WAL waits: unknown, so treated as over the limit.
  const seconds = bytes === 0 ? 0 : r.behind === null ? null : Math.max(0, r.behind);
  const state = seconds !== null && seconds <= maxLagSeconds ? 'ok' : 'lagging';
  return { state, seconds: seconds === null ? null : Math.round(seconds * 1000) / 1000, bytes };
}

export async function openReplica(
  url: string,
  primary: Db,
  options: { maxLagSeconds: number; logger: Logger; dataDir: string },
): Promise<ReadReplica> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: options.dataDir });
  primaries.set(handle.db, primary);
  let last: { at: number; lag: Promise<ReplicaLag> } | undefined;
  const measure = async (): Promise<ReplicaLag> => {
    try {
      return await measureLag(primary, handle.db, options.maxLagSeconds);
    } catch (err) {
      options.logger.error({ err }, 'read replica: lag check failed, reading from the primary');
      return { state: 'error', seconds: null, bytes: null };
    }
  };
  return {
    db: handle.db,
    maxLagSeconds: options.maxLagSeconds,
    lag() {
      // Concurrent callers share one measurement in flight.
      if (!last || Date.now() - last.at >= lagCacheMs) last = { at: Date.now(), lag: measure() };
      return last.lag;
    },
    close: handle.close,
  };
}
