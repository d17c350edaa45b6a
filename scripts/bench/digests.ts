// npm run bench:digests -- [--orgs 1000] [--days 14] [--ips 20]
// Weekly digests end to end on PostgreSQL (DATABASE_URL, or a private cluster started here): N
// organizations, each with two domains, `days` days of synthetic rollups (`ips` source IPs per domain and
// day) and one weekly digest (every optional section on) to one address. The planner runs once at the run
// time and queues N send-digest jobs; one worker's queue drains them (figures, chart, HTML and text, the
// outbox) and every mail is handed to a local SMTP server. Prints the time from planning to the last mail
// accepted, and the process's memory (RSS, heap) sampled every 200 ms.
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
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { ensureMonths } from '../../server/db/partitions';
import { setQueueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import { openQueue } from '../../server/jobs/runner';
import { createMailer } from '../../server/mail/send';
import { planDigestsJob, sendDigestJob } from '../../server/modules/digests';
import { periodFor } from '../../server/modules/digests/calendar';
import { digestFigures } from '../../server/modules/digests/content';
import { renderDigest } from '../../server/modules/digests/render';
import { findSchedule } from '../../server/modules/digests/repo';
import { daysBack, withScratchDatabase } from './scratch-database';

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '1000' },
    days: { type: 'string', default: '14' },
    ips: { type: 'string', default: '20' },
  },
});
const orgs = Number(values.orgs);
const days = Number(values.days);
const ips = Number(values.ips);
// Monday 2026-06-08 07:00 UTC: the weekly digests report on 2026-06-01..07, against 2026-05-25..31.
const runAt = new Date('2026-06-08T07:05:00Z');
const lastDay = '2026-06-07';

async function seed(db: Db) {
  await sql`insert into organizations (name, benefits)
    select 'Bench org ' || o, '{}' from generate_series(1, ${orgs}) o`.execute(db);
  await sql`insert into domains (name, organization_id)
    select 'd' || d || '-' || o.id || '.example', o.id from organizations o, generate_series(0, 1) d`.execute(
    db,
  );
  const dayList = daysBack(lastDay, days);
  await ensureMonths(db, dayList);
  await sql`insert into dmarc_reports (organization_id, domain, org_name, report_id, begin_date, end_date,
      email, errors, policy, warnings, records_count, messages_count, source)
    select dm.organization_id, dm.name, 'Reporter', 'b-' || dm.id || '-' || day,
      (${lastDay}::date - day) + time '00:00', (${lastDay}::date - day) + time '23:59:59', 'dmarc@r.example',
      '[]', '{"p":"quarantine","adkim":"r","aspf":"r","sp":null,"np":null,"pct":100,"fo":null,"testing":null}',
      '[]', ${ips}, ${ips * 10}, 'cli'
    from domains dm, generate_series(${days - 1}, 0, -1) day`.execute(db);
  await sql`insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth,
      spf_auth, dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select ${lastDay}::date - day, dm.organization_id, dm.name, '10.0.' || (j / 256) || '.' || (j % 256),
      case when j % 4 = 0 then null else 'Bench sender ' || (j % 5) end,
      h % 5 <> 0, h % 7 <> 0, h % 5 <> 0 and h % 3 <> 0, h % 7 <> 0 and h % 4 <> 0,
      (h % 5 <> 0 and h % 3 <> 0) or (h % 7 <> 0 and h % 4 <> 0), 'none', 1 + h % 40, 1
    from domains dm, generate_series(${days - 1}, 0, -1) day,
      generate_series(0, ${ips - 1} + (day % 3)) j,
      lateral (select abs(hashint4(dm.id * 100000 + day * 100 + j)) as h) k`.execute(db);
  await sql`insert into digest_schedules (organization_id, type, name, frequency, day_of_week, hour, time_zone,
      time_frame, include_details_per_system, include_aggregation_by_ip, include_aggregation_by_sender_service,
      destination_addresses, created_at)
    select id, 'weekly', 'Weekly digest', 'weekly', 1, 7, 'UTC', 'last_7_days', true, true, true,
      array['owner-' || id || '@example.com'], '2026-01-01'
    from organizations`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

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
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`),
        ),
      ),
  };
}

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

async function run(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-digests-'));
  const handle = await openDatabase({ databaseUrl, dataDir });
  const smtp = sink();
  const smtpUrl = await smtp.listen();
  try {
    await migrateToLatest(handle.db);
    let t = performance.now();
    await seed(handle.db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from dmarc_rollups`.execute(
      handle.db,
    );
    console.log(
      `seeded ${orgs} organizations, ${rows[0].n} rollup rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
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
    t = performance.now();
    await runJobNow(ctx, planDigestsJob());
    const planMs = performance.now() - t;
    const queue = await openQueue(ctx, { jobs: [sendDigestJob()], work: true });
    while (smtp.accepted() < orgs) await new Promise((r) => setTimeout(r, 100));
    const totalMs = performance.now() - t;
    await queue.stop();
    await ctx.mailer.settled();
    ctx.mailer.close();
    const m = mem.stop();
    // Where one digest's time goes: its figures (the analytics reads) and its rendering (HTML, text, PNG).
    const row = (await findSchedule(handle.db, 1, 1))!;
    const period = periodFor('last_7_days', '2026-06-08');
    let figures = await digestFigures(handle.db, row, period);
    t = performance.now();
    for (let i = 0; i < 10; i++) figures = await digestFigures(handle.db, row, period);
    const figuresMs = (performance.now() - t) / 10;
    t = performance.now();
    // Each round with other figures, so the chart is rasterised each time (as for each organization).
    for (let i = 0; i < 10; i++)
      renderDigest({
        name: 'n',
        organization: 'o',
        figures: { ...figures, days: figures.days.map((d, j) => (j === 0 ? { ...d, dmarc_passed: i } : d)) },
        language: 'en',
        late: false,
        consoleLink: 'x',
        unsubscribeLink: 'y',
      });
    const renderMs = (performance.now() - t) / 10;
    const sends = await sql<{ n: number }>`select count(*)::int as n from digest_sends`.execute(handle.db);
    console.log(
      JSON.stringify({
        orgs,
        digests: sends.rows[0].n,
        mailsAccepted: smtp.accepted(),
        planMs: Math.round(planMs),
        totalMs: Math.round(totalMs),
        perDigestMs: Math.round((totalMs / orgs) * 10) / 10,
        figuresMs: Math.round(figuresMs * 10) / 10,
        renderMs: Math.round(renderMs * 10) / 10,
        ...m,
        load: os.loadavg()[0].toFixed(1),
      }),
    );
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
