// npm run bench:queue -- [--jobs 10000] [--db postgres,pglite]
// Queue overhead: N no-op jobs through pg-boss: enqueued with the facade (enqueueMany, 1,000 per statement),
// then run by one process's queue in batches of 100 and completed by pg-boss per batch. A second round does
// the same with transactional no-op jobs (the default: each job runs in its own transaction that also
// completes it, server/jobs/handle.ts), and a third enqueues one by one (`enqueue`, in transactions of
// 500), as code that enqueues per item does. Prints each phase's time. On PGlite it also
// measures what the queue costs the API there (one connection): the latency of `select 1` through the
// application's pool with no queue, with the queue idle (polling) and while it drains the N jobs.
// PostgreSQL: DATABASE_URL, or a private cluster started through scripts/services.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { parseSettings, type Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase, type Db } from '../../server/db/database';
import { setQueueSchema } from '../../server/jobs/boss';
import type { Job } from '../../server/jobs/job';
import { enqueue, enqueueMany } from '../../server/jobs/queue';
import { openQueue } from '../../server/jobs/runner';
import { createMailer } from '../../server/mail/send';
import { withScratchDatabase } from './scratch-database';

const { values } = parseArgs({
  options: { jobs: { type: 'string', default: '10000' }, db: { type: 'string', default: 'postgres,pglite' } },
});
const total = Number(values.jobs);

const noop: Job = { name: 'bench-noop', batchSize: 100, inTransaction: false, run: async () => {} };
const noopTx: Job = { name: 'bench-noop-tx', batchSize: 100, run: async () => {} };

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** Latency of `select 1` through the application's pool, sampled every 20 ms until stop() resolves. */
function probe(db: Db) {
  const ms: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const t = performance.now();
      await sql`select 1`.execute(db);
      ms.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return `p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (${ms.length} samples)`;
    },
  };
}

const sampleFor = async (db: Db, seconds: number) => {
  const p = probe(db);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return p.stop();
};

async function completed(db: Db, name: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.id('bench_jobs', 'job')}
    where name = ${name} and state = 'completed'`.execute(db);
  return r.rows[0].n;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Enqueues `total` jobs of `job` in statements of 1,000; returns the milliseconds. */
async function enqueueBulk(db: Db, job: Job): Promise<number> {
  const t = performance.now();
  for (let sent = 0; sent < total; sent += 1000) {
    const items = Array.from({ length: Math.min(1000, total - sent) }, (_, i) => ({ data: { i: sent + i } }));
    await enqueueMany(db, job.name, items);
  }
  return performance.now() - t;
}

/** Opens a working queue for `job` and waits until `total` of its jobs completed; returns the milliseconds. */
async function drain(ctx: AppContext, job: Job): Promise<number> {
  const t = performance.now();
  const queue = await openQueue(ctx, { jobs: [job], work: true });
  while ((await completed(ctx.db, job.name)) < total) await new Promise((r) => setTimeout(r, 100));
  const ms = performance.now() - t;
  await queue.stop();
  return ms;
}

async function run(kind: 'postgres' | 'pglite', databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-queue-'));
  const handle = await openDatabase({ databaseUrl, dataDir });
  const settings = parseSettings({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const config: Config = { ...settings, jwtSecret: 'x'.repeat(32), encryptionKey: Buffer.alloc(32) };
  const logger = pino({ level: 'silent' });
  const ctx: AppContext = {
    config,
    db: handle.db,
    logger,
    mailer: createMailer(config, logger),
    now: () => new Date(),
  };
  setQueueSchema('bench_jobs');
  try {
    const idleBefore = kind === 'pglite' ? await sampleFor(handle.db, 5) : null;
    // Queue connection without workers: installs the schema and the queues.
    const setup = await openQueue(ctx, { jobs: [noop, noopTx], work: false });
    await setup.stop();
    const enqueueMs = await enqueueBulk(handle.db, noop);
    const p = kind === 'pglite' ? probe(handle.db) : null;
    const drainMs = await drain(ctx, noop);
    const during = await p?.stop();
    const enqueueTxMs = await enqueueBulk(handle.db, noopTx);
    const drainTxMs = await drain(ctx, noopTx);
    const idle = await openQueue(ctx, { jobs: [noop, noopTx], work: true });
    const idleQueue = kind === 'pglite' ? await sampleFor(handle.db, 5) : null;
    await idle.stop();
    const t = performance.now();
    for (let sent = 0; sent < total; sent += 500) {
      await handle.db.transaction().execute(async (trx) => {
        for (let i = sent; i < Math.min(total, sent + 500); i++) await enqueue(trx, noop.name, { i });
      });
    }
    const oneByOneMs = performance.now() - t;
    console.log(`${kind}: ${total} no-op jobs`);
    console.log(`  enqueue (enqueueMany, 1,000 a statement): ${seconds(enqueueMs)}`);
    console.log(`  drain (one queue, batches of 100):        ${seconds(drainMs)}`);
    console.log(`  total:                                    ${seconds(enqueueMs + drainMs)}`);
    console.log(`  transactional no-op jobs: enqueue ${seconds(enqueueTxMs)}, drain ${seconds(drainTxMs)}`);
    console.log(`  enqueue one by one (transactions of 500): ${seconds(oneByOneMs)}`);
    if (kind === 'pglite') {
      console.log(`  select 1 through the app pool, no queue:   ${idleBefore}`);
      console.log(`  select 1, queue open and idle (polling):   ${idleQueue}`);
      console.log(`  select 1, while the queue drains the jobs: ${during}`);
    }
  } finally {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = values.db.split(',') as ('postgres' | 'pglite')[];
console.log(
  `node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os.loadavg()[0].toFixed(1)}`,
);
for (const kind of kinds) {
  if (kind === 'pglite') {
    await run('pglite', undefined);
    continue;
  }
  await withScratchDatabase('bench_queue', (url) => run('postgres', url));
}
