// npm run bench:alerts -- [--orgs 100] [--domains 10] [--days 30] [--ips 20]
// Alert evaluation cost on PostgreSQL (DATABASE_URL, or a private cluster started through scripts/services).
// Loads orgs × domains of rollups (days × ips rows per domain, generate_series, as bench-analytics-load does)
// and 3 rules per organization on its first domain (DMARC failure rate over 7 days, volume change, new
// source), then:
//  1. one evaluation round after an ingest batch that touched every domain's last day: the jobs the batch
//     queues (queueAlertEvaluations), then each job's evaluation (evaluateRuleDay) in its own transaction,
//     one after another on one connection; the summed query time as the client sees it (round trip on
//     loopback, a plugin timing every statement) and the wall time;
//  2. a firing's latency: a failing report ingested for one organization (the real ingestion, committed),
//     the real queue running the alert jobs, the outbox handing the mail to a loopback SMTP capture; the
//     time from the report's commit to the message accepted by SMTP.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { parseSettings, type Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { ensureMonths } from '../../server/db/partitions';
import { daysBack } from './scratch-database';
import { statementTimer } from './statement-timer';
import { ingestFile } from '../../server/ingest/ingest-file';
import { queueSchema } from '../../server/jobs/boss';
import { registeredJobs } from '../../server/jobs/registry';
import { openQueue } from '../../server/jobs/runner';
import { createMailer } from '../../server/mail/send';
import { queueAlertEvaluations } from '../../server/modules/alerts';
import { evaluateRuleDay } from '../../server/modules/alerts/evaluate';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { startSlowSmtp } from '../../tests/support/smtp';
import { startPostgres } from '../services/postgres';

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '100' },
    domains: { type: 'string', default: '10' },
    days: { type: 'string', default: '30' },
    ips: { type: 'string', default: '20' },
  },
});
const orgs = Number(values.orgs);
const domains = Number(values.domains);
const days = Number(values.days);
const ips = Number(values.ips);
if (orgs * domains * days * ips > 1_000_000)
  throw new Error('More than 1 M rollup rows: not on a shared machine.');

const lastDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function load(db: Db) {
  await sql`insert into organizations (name, benefits)
    select 'Alert bench ' || o, '{}' from generate_series(1, ${orgs}) o`.execute(db);
  // Verified, so ingestion gives their reports to the organization (server/ingest/ownership.ts).
  await sql`insert into domains (name, organization_id, verified_at)
    select 'd' || dn || '.o' || o.id || '.example', o.id, now()
      from organizations o, generate_series(0, ${domains - 1}) dn where o.name like 'Alert bench %'`.execute(
    db,
  );
  const list = daysBack(lastDay, days);
  await ensureMonths(db, list);
  // Rollups: `ips` source IPs per domain and day, a hashed share failing DMARC.
  await sql`insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth,
      spf_auth, dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select ${lastDay}::date - day, d.organization_id, d.name, '10.0.' || (ip / 256) || '.' || (ip % 256), null,
      h % 5 <> 0, h % 7 <> 0, h % 5 <> 0, h % 7 <> 0, h % 5 <> 0 or h % 7 <> 0, 'none', 1 + h % 40, 1
      from generate_series(${days - 1}, 0, -1) day, domains d, generate_series(0, ${ips - 1}) ip,
        lateral (select abs(hashint8(d.id * 100000 + day * 100 + ip)) as h) k
     where d.name like '%.example'
     order by day desc`.execute(db);
  await sql`insert into alert_rules (organization_id, creator_email, scope_type, target_selection, condition,
      time_frame, params, destination_addresses)
    select o.id, 'bench@example.com', 'domain', 'd0.o' || o.id || '.example', c.condition, c.frame,
      c.params::jsonb, jsonb_build_array('alerts-' || o.id || '@example.com')
      from organizations o, (values
        ('dmarc_failure_rate', '7d', '{"threshold_percent": 10, "min_messages": 100}'),
        ('volume_change', '1d', '{"factor": 3, "baseline_days": 14, "direction": "both", "min_messages": 100}'),
        ('new_source', '1d', '{"source": "ip", "learning_days": 14, "lookback_days": 90, "min_messages": 1}')
      ) c(condition, frame, params)
     where o.name like 'Alert bench %'`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

async function round(ctx: AppContext, timed: Db, timer: ReturnType<typeof statementTimer>) {
  const touched = (await ctx.db.selectFrom('domains').select(['organization_id', 'name']).execute()).map(
    (d) => ({ organizationId: d.organization_id, domain: d.name, day: lastDay }),
  );
  timer.reset();
  let t = performance.now();
  await timed.transaction().execute((trx) => queueAlertEvaluations(trx, touched));
  const queued = { wall: performance.now() - t, ...timer.read() };
  const jobs = await sql<{ data: { organizationId: number; ruleId: number; day: string } }>`
    select data from ${sql.id(queueSchema(), 'job')} where name = 'alert-evaluate' and state = 'created'`.execute(
    ctx.db,
  );
  timer.reset();
  t = performance.now();
  for (const { data } of jobs.rows)
    await timed
      .transaction()
      .execute((trx) => evaluateRuleDay(ctx, trx, data.organizationId, data.ruleId, data.day));
  const evaluated = { wall: performance.now() - t, ...timer.read(), jobs: jobs.rows.length };
  await sql`delete from ${sql.id(queueSchema(), 'job')} where name = 'alert-evaluate'`.execute(ctx.db);
  return { queued, evaluated };
}

async function latency(ctx: AppContext, smtp: Awaited<ReturnType<typeof startSlowSmtp>>) {
  const queue = await openQueue(ctx, { jobs: registeredJobs, work: true });
  try {
    const org = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Alert bench 1')
      .executeTakeFirstOrThrow();
    const domain = `d0.o${org.id}.example`;
    // Today: failing messages well above the rule's 10 % over 7 days.
    const begin = Math.floor(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) / 1000);
    const xml = reportXml({
      reportId: `bench-${Date.now()}`,
      orgName: 'Bench reporter',
      domain,
      begin: String(begin),
      end: String(begin + 86_399),
      records: [{ ip: '198.51.100.7', count: '100000', dkim: 'fail', spf: 'fail', headerFrom: domain }],
    });
    const t = performance.now();
    const result = await ingestFile(ctx.db, { name: 'bench.xml', bytes: Buffer.from(xml), source: 'cli' });
    const committed = performance.now();
    if (result.reports[0]?.status !== 'imported') throw new Error(`not imported: ${JSON.stringify(result)}`);
    await smtp.waitFor(`alerts-${org.id}@example.com`, 120_000);
    return { ingestMs: committed - t, toSmtpMs: performance.now() - committed };
  } finally {
    await queue.stop();
  }
}

async function run(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-alerts-'));
  const smtp = await startSlowSmtp(0);
  const handle = await openDatabase({ databaseUrl, dataDir });
  const settings = parseSettings({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'msas@example.com',
  });
  const config: Config = { ...settings, jwtSecret: 'x'.repeat(32), encryptionKey: Buffer.alloc(32) };
  const logger = pino({ level: 'silent' });
  const ctx: AppContext = {
    config,
    db: handle.db,
    logger,
    mailer: createMailer(config, logger),
    now: () => new Date(),
  };
  try {
    await migrateToLatest(handle.db);
    // Installs the queue's schema and queues before anything is enqueued.
    await (await openQueue(ctx, { jobs: registeredJobs, work: false })).stop();
    let t = performance.now();
    await load(handle.db);
    const rows = orgs * domains * days * ips;
    console.log(
      `loaded ${orgs} orgs × ${domains} domains, ${rows} rollup rows, ${orgs * 3} rules in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const timer = statementTimer();
    const timed = handle.db.withPlugin(timer.plugin);
    for (const label of ['first round (cold)', 'second round']) {
      const r = await round(ctx, timed, timer);
      console.log(`${label}:`);
      console.log(
        `  queue the batch's evaluations: ${r.queued.statements} statements, ${r.queued.ms.toFixed(0)} ms query time, ${r.queued.wall.toFixed(0)} ms wall`,
      );
      console.log(
        `  ${r.evaluated.jobs} evaluations: ${r.evaluated.statements} statements, ${r.evaluated.ms.toFixed(0)} ms query time, ${r.evaluated.wall.toFixed(0)} ms wall (${(r.evaluated.ms / Math.max(1, r.evaluated.jobs)).toFixed(1)} ms a rule)`,
      );
    }
    t = performance.now();
    const l = await latency(ctx, smtp);
    console.log(
      `report commit → alert mail accepted by SMTP: ${(l.toSmtpMs / 1000).toFixed(2)} s (ingest ${l.ingestMs.toFixed(0)} ms)`,
    );
  } finally {
    await handle.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

console.log(`node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
let url = process.env.DATABASE_URL;
const server = url ? null : await startPostgres();
url ??= server!.url;
const name = `bench_alerts_${process.pid}`;
await admin(url, `create database ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
try {
  await run(target.toString());
} finally {
  await admin(url, `drop database ${name} with (force)`);
  await server?.stop();
}
