// npm run bench:digests -- [--orgs 1000] [--records 10000000] [--days 14] [--rounds 1]
// Weekly digests end to end on PostgreSQL (DATABASE_URL, or a private cluster started here): N
// organizations, each with two domains, `days` days of synthetic rollups holding `records` records in all
// (./digests-seed.ts) and one weekly digest (every optional section on) to one address. The planner runs
// once at the run time and queues N send-digest jobs; one worker's queue drains them (figures, chart, HTML
// and text, the outbox) and every mail is handed to a local SMTP server. Prints the time from planning to
// the last mail accepted, the CPU a digest cost (this process, and the server when it is local), the
// process's memory (RSS, heap) sampled every 200 ms, and then one digest's figures and rendering timed
// apart. --rounds N drains the same digests N times over (their sends forgotten in between), to show
// whether memory stays flat over N × orgs digests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { parseSettings, type Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { setQueueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import { openQueue } from '../../server/jobs/runner';
import { createMailer } from '../../server/mail/send';
import { planDigestsJob, sendDigestJob } from '../../server/modules/digests';
import { periodFor } from '../../server/modules/digests/calendar';
import { digestFigures } from '../../server/modules/digests/content';
import { renderDigest } from '../../server/modules/digests/render';
import { findSchedule } from '../../server/modules/digests/repo';
import { seedDigests } from './digests-seed';
import { load, quantile } from './figures';
import { withScratchDatabase } from './scratch-database';
import { serverCpu } from './server-cpu';

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '1000' },
    records: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '14' },
    rounds: { type: 'string', default: '1' },
  },
});
const orgs = Number(values.orgs);
const shape = { orgs, records: Number(values.records), days: Number(values.days) };
// Monday 2026-06-08 07:00 UTC: the weekly digests report on 2026-06-01..07, against 2026-05-25..31.
const runAt = new Date('2026-06-08T07:05:00Z');
const lastDay = '2026-06-07';

function sink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  return {
    server,
    accepted: () => accepted,
    reset: () => {
      accepted = 0;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`),
        ),
      ),
  };
}

const smtpSink = sink();

function memory() {
  const mb = (n: number) => Math.round(n / 2 ** 20);
  const samples: { rss: number; heap: number }[] = [];
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    samples.push({ rss: mb(m.rss), heap: mb(m.heapUsed) });
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      const rss = samples.map((s) => s.rss);
      const heap = samples.map((s) => s.heap);
      const third = Math.max(1, Math.floor(samples.length / 3));
      const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
      return {
        rssFirstThirdMb: avg(rss.slice(0, third)),
        rssLastThirdMb: avg(rss.slice(-third)),
        rssPeakMb: Math.max(...rss),
        heapPeakMb: Math.max(...heap),
      };
    },
  };
}

/**
 * Where one digest's time goes, one at a time after the drain: its figures (the analytics reads, in a
 * transaction as the job reads them) and its rendering (HTML, text, the PNG chart), for 20 organizations.
 */
async function oneByOne(db: Db) {
  const period = periodFor('last_7_days', '2026-06-08');
  const figuresMs: number[] = [];
  const renderMs: number[] = [];
  for (let org = 1; org <= Math.min(20, orgs); org++) {
    const row = (await findSchedule(db, org, org))!;
    let t = performance.now();
    const figures = await db.transaction().execute((trx) => digestFigures(trx, row, period));
    figuresMs.push(performance.now() - t);
    t = performance.now();
    renderDigest({
      name: row.name,
      organization: `Bench org ${org}`,
      figures,
      language: 'en',
      late: false,
      consoleLink: 'https://msas.example/msas/analytics/overview',
      unsubscribeLink: 'https://msas.example/api/dm/digest-reports/unsubscribe/?token=x',
    });
    renderMs.push(performance.now() - t);
  }
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    figuresMsP50: round(quantile(figuresMs, 0.5)),
    renderMsP50: round(quantile(renderMs, 0.5)),
  };
}

/** Plans the digests once and drains them with one worker: time, CPU and the digests sent. */
async function drain(ctx: AppContext, handle: DatabaseHandle) {
  const server = await serverCpu(handle);
  const nodeCpu = process.cpuUsage();
  const loadBefore = load();
  const t = performance.now();
  await runJobNow(ctx, planDigestsJob());
  const planMs = performance.now() - t;
  const queue = await openQueue(ctx, { jobs: [sendDigestJob()], work: true });
  while (smtpSink.accepted() < orgs) await new Promise((r) => setTimeout(r, 100));
  const totalMs = performance.now() - t;
  const cpu = process.cpuUsage(nodeCpu);
  const serverMs = server ? (server.read() - server.start) * 1000 : null;
  const loadAfter = load();
  await queue.stop();
  await ctx.mailer.settled();
  const sends = await sql<{ n: number }>`select count(*)::int as n from digest_sends`.execute(handle.db);
  const perDigest = (ms: number) => Math.round((ms / orgs) * 10) / 10;
  return {
    digests: sends.rows[0].n,
    mailsAccepted: smtpSink.accepted(),
    planMs: Math.round(planMs),
    totalMs: Math.round(totalMs),
    perDigestMs: perDigest(totalMs),
    // CPU a digest cost: this process (the figures' queries sent, rendering, the queue, SMTP both ways)
    // and the PostgreSQL server when it runs on this machine.
    nodeCpuMs: perDigest((cpu.user + cpu.system) / 1000),
    serverCpuMs: serverMs === null ? null : perDigest(serverMs),
    load: `${loadBefore} → ${loadAfter}`,
  } as Record<string, unknown>;
}

/** Before another round: the periods unclaimed, the outbox and the queue's jobs gone, the sink at 0. */
async function forget(db: Db, smtp: ReturnType<typeof sink>) {
  await sql`delete from digest_sends`.execute(db);
  await sql`delete from outbox`.execute(db);
  await sql`delete from bench_digests.job`.execute(db);
  await sql`delete from bench_digests.archive`.execute(db);
  smtp.reset();
}

async function run(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-digests-'));
  const handle = await openDatabase({ databaseUrl, dataDir });
  const smtp = smtpSink;
  const smtpUrl = await smtp.listen();
  try {
    await migrateToLatest(handle.db);
    const t = performance.now();
    const seeded = await seedDigests(handle.db, shape, lastDay);
    console.log(
      JSON.stringify({
        seeded: { ...shape, ...seeded, summariesMs: Math.round(seeded.summariesMs) },
        seedMs: Math.round(performance.now() - t),
      }),
    );
    const settings = parseSettings({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
    const config: Config = {
      ...settings,
      smtpUrl,
      mailFrom: 'msas@example.com',
      jwtSecret: 'x'.repeat(32),
      encryptionKey: Buffer.alloc(32),
      jobs: { pollSeconds: 1, maintenanceSeconds: 60, stopTimeoutSeconds: 10 },
    };
    const logger = pino({ level: 'silent' });
    const ctx: AppContext = {
      config,
      db: handle.db,
      logger,
      mailer: createMailer(config, logger),
      now: () => runAt,
    };
    setQueueSchema('bench_digests');
    // Installs the queue's schema and queues (no workers).
    const setup = await openQueue(ctx, { jobs: [planDigestsJob(), sendDigestJob()], work: false });
    await setup.stop();
    const mem = memory();
    const rounds: Record<string, unknown>[] = [];
    for (let round = 1; round <= Number(values.rounds); round++) {
      if (round > 1) await forget(handle.db, smtp);
      rounds.push(await drain(ctx, handle));
      rounds[rounds.length - 1].rssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
      console.log(JSON.stringify({ round, ...rounds[rounds.length - 1] }));
    }
    ctx.mailer.close();
    const m = mem.stop();
    const split = await oneByOne(handle.db);
    console.log(JSON.stringify({ orgs, rounds: rounds.length, ...rounds[0], ...split, ...m }));
  } finally {
    await handle.close();
    await new Promise<void>((r) => smtp.server.close(() => r()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os.loadavg()[0].toFixed(1)}`,
);
await withScratchDatabase('bench_digests', run);
