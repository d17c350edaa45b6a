import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FileResult, IncomingFile } from '../ingest/types';

// The Prometheus metrics of this process (docs/MONITORING.md). Counters are counted where things happen;
// the gauges that describe the database (queue depth, outbox) are read when Prometheus scrapes, by the
// collectors server/lib/metrics-collect.ts registers.

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'msas_' });

export const httpRequests = new Counter({
  name: 'msas_http_requests_total',
  help: 'HTTP requests answered, by route pattern (never the raw URL) and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const reportsIngested = new Counter({
  name: 'msas_reports_ingested_total',
  help: 'Report files stored, by source (upload, smtp, imap, cli) and kind',
  labelNames: ['source', 'kind'] as const,
  registers: [registry],
});

export const reportsRefused = new Counter({
  name: 'msas_reports_refused_total',
  help: 'Report files or messages not stored, by source and reason',
  labelNames: ['source', 'reason'] as const,
  registers: [registry],
});

export const jobsFailed = new Counter({
  name: 'msas_jobs_failed_total',
  help: 'Job attempts that threw, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobQueueDepth = new Gauge({
  name: 'msas_job_queue_depth',
  help: 'Jobs waiting (created or retry) per queue, read at scrape time',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobQueueFailed = new Gauge({
  name: 'msas_job_queue_failed',
  help: 'Jobs in the failed state per queue (kept until retention), read at scrape time',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const outboxMail = new Gauge({
  name: 'msas_outbox_mail',
  help: 'Outgoing mail not sent: waiting (will be tried again) or failed (every attempt used)',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const replicaLag = new Gauge({
  name: 'msas_replica_lag_seconds',
  help: 'Seconds the read replica is behind (absent without DATABASE_READ_URL; -1 when it does not answer)',
  registers: [registry],
});

export const dbWait = new Histogram({
  name: 'msas_db_connection_wait_seconds',
  help: 'Time a query waited for a database connection (PGlite: its single connection; PostgreSQL: the pool)',
  labelNames: ['database'] as const,
  buckets: [0.001, 0.005, 0.025, 0.1, 0.5, 1, 2.5, 10],
  registers: [registry],
});

/** Why a file was not stored, as a small fixed set (the result's reason is a sentence). */
export function refusalReason(result: FileResult): string {
  if (result.status === 'duplicate') return 'duplicate';
  return result.kind ? 'not_own_domain' : 'no_report';
}

export function countIngest(file: IncomingFile, result: FileResult): void {
  const source = file.source ?? 'unknown';
  if (result.status === 'imported') reportsIngested.inc({ source, kind: result.kind ?? 'unknown' });
  else reportsRefused.inc({ source, reason: refusalReason(result) });
}

/** Times each wait for a connection of `pool`: Kysely asks through the promise form of connect(). */
export function timePool(pool: pg.Pool, database: 'pglite' | 'postgres'): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as { connect: unknown }).connect = async (...args: unknown[]) => {
    if (args.length > 0) return (connect as (...a: unknown[]) => unknown)(...args);
    const end = dbWait.startTimer({ database });
    try {
      return await connect();
    } finally {
      end();
    }
  };
}
