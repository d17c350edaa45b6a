// npm run bench:alerts -- [--orgs 1000] [--domains 10] [--days 30] [--ips 11] [--new-sources 0.01] [--batch N]
//   [--rounds 2] [--keep] [--reuse URL of a kept database]
// Alert evaluation cost on PostgreSQL (DATABASE_URL, or a private cluster started through scripts/services).
// Loads orgs × domains of rollups (days × ips rows per domain, each row standing for 3 records as in the
// analytics bench: 1,000 × 10 × 30 × 11 = 3.3 M rollup rows = 9.9 M records) and 3 rules per organization
// (DMARC failure rate over 7 days on the whole organization, volume change and new source on its first
// domain); on the last day a share of the organizations (--new-sources) get a source never seen before.
// Then:
//  1. one evaluation round after an ingest batch that touched every domain's last day: the jobs the batch
//     queues (queueAlertEvaluations, in a transaction as ingestion runs it), then the worker's part: fetch a
//     batch from pg-boss, run the real batched handler (server/jobs/handle.ts → evaluateBatch), complete
//     the batch, until the queue is empty. Our statements are timed as the client sees them (a Kysely
//     plugin); pg-boss's own (its insert, fetch, complete) by the wall time around them.
//  2. a firing's latency: a failing report ingested for one organization (the real ingestion, committed),
//     the real queue running the alert jobs, the outbox handing the mail to a loopback SMTP capture; the
//     time from the report's commit to the message accepted by SMTP; then a second domain failing inside
//     the rule's cool-down: the time from the cool-down's end to the held message accepted by SMTP.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { parseSettings, type Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { summaries, summarySelect } from '../../server/db/migrations/0033_analytics_summaries';
import { ensureMonths } from '../../server/db/partitions';
import { daysBack, withScratchDatabase } from './scratch-database';
import { statementTimer } from './statement-timer';
import { ingestFile } from '../../server/ingest/ingest-file';
import { queueSchema, sqlAdapter } from '../../server/jobs/boss';
import { jobHandler } from '../../server/jobs/handle';
import { registeredJobs } from '../../server/jobs/registry';
import { openQueue } from '../../server/jobs/runner';
import { createMailer } from '../../server/mail/send';
import { queueAlertEvaluations } from '../../server/modules/alerts';
import { alertEvaluateJob, evaluateBatchSize, evaluateQueue } from '../../server/modules/alerts/jobs';
import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { startSlowSmtp } from '../../tests/support/smtp';

const { values } = parseArgs({
  options: {
    orgs: { type: 'string', default: '1000' },
    domains: { type: 'string', default: '10' },
    days: { type: 'string', default: '30' },
    ips: { type: 'string', default: '11' },
    'new-sources': { type: 'string', default: '0.01' },
    batch: { type: 'string', default: String(evaluateBatchSize) },
    // A database a run loaded and kept (--keep): rounds only, no load (for trying changes quickly).
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    rounds: { type: 'string', default: '2' },
  },
});
const orgs = Number(values.orgs);
const domains = Number(values.domains);
const days = Number(values.days);
const ips = Number(values.ips);
const newSourceEvery = Math.max(1, Math.round(1 / Number(values['new-sources'])));
const batchSize = Number(values.batch);
/** Records each rollup row stands for: three reporters per (domain, day), as bench-analytics-load has it. */
const recordsPerRollup = 3;
if (orgs * domains * days * ips > 4_000_000)
  throw new Error('More than 4 M rollup rows: not on a shared machine.');

const lastDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const secs = (ms: number) => (ms / 1000).toFixed(1);

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
  // Rollups, a day at a time, oldest first as reports arrive: `ips` source IPs per domain and day (the same
  // ones every day, spread over 50,000 addresses), a hashed share failing DMARC. The summaries' triggers
  // (migration 0033) are off for the load; the one summary alerts read, analytics_domain_days, is built
  // from the rollups afterwards with the summary's own definition (the IP and sender ones stay empty).
  await db.connection().execute(async (c) => {
    await sql`set session_replication_role = replica`.execute(c);
    for (const day of [...list].reverse()) {
      await sql`insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth,
          spf_auth, dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
        select ${day}::date, d.organization_id, d.name,
          '10.' || (ip / 65536) || '.' || ((ip / 256) % 256) || '.' || (ip % 256), null,
          h % 5 <> 0, h % 7 <> 0, h % 5 <> 0, h % 7 <> 0, h % 5 <> 0 or h % 7 <> 0, 'none', 1 + h % 40,
          ${recordsPerRollup}
          from domains d, generate_series(0, ${ips - 1}) j,
            lateral (select (d.id * 7 + j * 1351) % 50000 as ip,
              abs(hashint8(d.id * 100000 + (${day}::date - date '2000-01-01') * 100 + j)) as h) k
         where d.name like '%.example'`.execute(c);
    }
    // The last day: a source never seen before on the first domain of every newSourceEvery-th organization.
    await sql`insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth,
        spf_auth, dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
      select ${lastDay}::date, o.id, 'd0.o' || o.id || '.example', '172.31.' || (o.id / 256 % 256) || '.' || (o.id % 256),
        null, true, true, true, true, true, 'none', 50, ${recordsPerRollup}
        from organizations o where o.name like 'Alert bench %' and o.id % ${newSourceEvery} = 0`.execute(c);
    await sql`set session_replication_role = origin`.execute(c);
  });
  const domainDays = summaries.find((x) => x.table === 'analytics_domain_days')!;
  await sql`insert into analytics_domain_days (${sql.raw([...domainDays.keys, ...Object.keys(domainDays.sums)].join(', '))})
    ${sql.raw(summarySelect(domainDays, 'select *, 1 as sign from dmarc_rollups'))}`.execute(db);
  await sql`insert into alert_rules (organization_id, creator_email, scope_type, target_selection, condition,
      time_frame, params, destination_addresses)
    select o.id, 'bench@example.com', c.scope, case when c.scope = 'domain' then 'd0.o' || o.id || '.example' else '' end,
      c.condition, c.frame, c.params::jsonb, jsonb_build_array('alerts-' || o.id || '@example.com')
      from organizations o, (values
        ('organization', 'dmarc_failure_rate', '7d', '{"threshold_percent": 10, "min_messages": 100}'),
        ('domain', 'volume_change', '1d', '{"factor": 3, "baseline_days": 14, "direction": "both", "min_messages": 100}'),
        ('domain', 'new_source', '1d', '{"source": "ip", "learning_days": 14, "lookback_days": 90, "min_messages": 1}')
      ) c(scope, condition, frame, params)
     where o.name like 'Alert bench %'`.execute(db);
  // The rules' addresses stand for confirmed ones: only those get alert mail (docs/ALERTS.md "Recipients").
  await sql`insert into recipient_addresses (organization_id, address, state, decided_at)
    select o.id, 'alerts-' || o.id || '@example.com', 'confirmed', now()
      from organizations o where o.name like 'Alert bench %'`.execute(db);
  await sql`vacuum analyze`.execute(db);
}

async function round(ctx: AppContext, timed: Db, timer: ReturnType<typeof statementTimer>) {
  const touched = (await ctx.db.selectFrom('domains').select(['organization_id', 'name']).execute()).map(
    (d) => ({ organizationId: d.organization_id, domain: d.name, day: lastDay }),
  );
  // Queueing, as ingestion runs it in its transaction: our statements, then pg-boss's insert of every job.
  timer.reset();
  let t = performance.now();
  await timed.transaction().execute((trx) => queueAlertEvaluations(trx, touched));
  const queued = { wall: performance.now() - t, ...timer.read() };
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(queueSchema(), 'job')}
    where name = ${evaluateQueue} and state = 'created'`.execute(ctx.db);

  // The worker's part: fetch a batch, run the real batched handler on it, complete it.
  const boss = new PgBoss({ db: sqlAdapter(ctx.db), schema: queueSchema() });
  // Handing the mail to SMTP after the commit runs in the background, on the untimed connection.
  const mailer = {
    ...ctx.mailer,
    deliverLater: (_: Db, ids: number[]) => ctx.mailer.deliverLater(ctx.db, ids),
  };
  const handler = jobHandler(boss, { ...ctx, db: timed, mailer }, alertEvaluateJob());
  let queueMs = 0;
  let batches = 0;
  timer.reset();
  t = performance.now();
  for (;;) {
    let q = performance.now();
    const jobs = await boss.fetch<object>(evaluateQueue, { batchSize, includeMetadata: true });
    queueMs += performance.now() - q;
    if (jobs.length === 0) break;
    batches += 1;
    await handler(jobs);
    q = performance.now();
    await boss.complete(
      evaluateQueue,
      jobs.map((j) => j.id),
    );
    queueMs += performance.now() - q;
  }
  const evaluated = {
    wall: performance.now() - t,
    ...timer.read(),
    jobs: rows[0]!.n,
    batches,
    queueMs,
    breakdown: timer.breakdown(),
  };
  const states = await sql<{ state: string; n: number }>`select state, count(*)::int as n from ${sql.id(
    queueSchema(),
    'job',
  )} where name = ${evaluateQueue} group by state`.execute(ctx.db);
  const failed = states.rows.filter((s) => s.state !== 'completed').reduce((n, s) => n + s.n, 0);
  await sql`delete from ${sql.id(queueSchema(), 'job')} where name = ${evaluateQueue}`.execute(ctx.db);
  const firings = await sql<{ condition: string; n: number }>`select r.condition, count(*)::int as n
    from alert_firings f join alert_rules r on r.organization_id = f.organization_id and r.id = f.rule_id
    group by 1 order by 1`.execute(ctx.db);
  return { queued, evaluated, failed, firings: firings.rows.map((f) => `${f.condition} ${f.n}`).join(', ') };
}

async function latency(ctx: AppContext, smtp: Awaited<ReturnType<typeof startSlowSmtp>>) {
  const queue = await openQueue(ctx, { jobs: registeredJobs, work: true });
  try {
    const org = await ctx.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Alert bench 1')
      .executeTakeFirstOrThrow();
    const to = `alerts-${org.id}@example.com`;
    // Today: failing messages well above the rule's 10 % over 7 days.
    const begin = Math.floor(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) / 1000);
    const ingestFailing = async (domain: string) => {
      const xml = reportXml({
        reportId: `bench-${domain}-${Date.now()}`,
        orgName: 'Bench reporter',
        domain,
        begin: String(begin),
        end: String(begin + 86_399),
        records: [{ ip: '198.51.100.7', count: '100000', dkim: 'fail', spf: 'fail', headerFrom: domain }],
      });
      const result = await ingestFile(ctx.db, { name: 'bench.xml', bytes: Buffer.from(xml), source: 'cli' });
      if (result.reports[0]?.status !== 'imported')
        throw new Error(`not imported: ${JSON.stringify(result)}`);
    };
    const t = performance.now();
    await ingestFailing(`d0.o${org.id}.example`);
    const committed = performance.now();
    await smtp.waitFor(to, 120_000);
    const toSmtpMs = performance.now() - committed;
    // A second domain fails inside the organization rule's cool-down, made to end 10 s from now: the mail
    // is held, and its job sends it when the cool-down ends (server/modules/alerts/delivery/held.ts).
    const end = Date.now() + 10_000;
    const started = new Date(end - 5 * 60_000);
    await sql`update alert_rules set cooldown_minutes = 5, last_notified_at = ${started}
      where organization_id = ${org.id} and condition = 'dmarc_failure_rate'`.execute(ctx.db);
    await sql`update alert_mail_cooldowns set mailed_at = ${started} where organization_id = ${org.id}`.execute(
      ctx.db,
    );
    const second = `d1.o${org.id}.example`;
    await ingestFailing(second);
    const deadline = Date.now() + 120_000;
    while (!smtp.received.some((m) => m.to.includes(to) && m.data.includes(second))) {
      if (Date.now() > deadline) throw new Error('the held mail never came');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (Date.now() < end) throw new Error('the held mail went out before its cool-down ended');
    return { ingestMs: committed - t, toSmtpMs, heldMs: Date.now() - end };
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
    const t = performance.now();
    if (!values.reuse) await load(handle.db);
    const rollups = orgs * domains * days * ips;
    console.log(
      `${values.reuse ? 'reused' : 'loaded'} ${orgs} orgs × ${domains} domains, ${rollups} rollup rows ` +
        `(${rollups * recordsPerRollup} records), ${orgs * 3} rules in ${secs(performance.now() - t)} s; ` +
        `load ${os.loadavg()[0].toFixed(1)}`,
    );
    const timer = statementTimer();
    const timed = handle.db.withPlugin(timer.plugin);
    const labels = Array.from({ length: Number(values.rounds) }, (_, i) =>
      i ? `round ${i + 1}` : 'first round',
    );
    for (const label of labels) {
      const r = await round(ctx, timed, timer);
      const e = r.evaluated;
      console.log(`${label} (load ${os.loadavg()[0].toFixed(1)}):`);
      console.log(
        `  queue the batch's evaluations: ${r.queued.statements} statements of ours (${r.queued.ms.toFixed(0)} ms) ` +
          `+ pg-boss's insert; the transaction ${r.queued.wall.toFixed(0)} ms wall`,
      );
      console.log(
        `  ${e.jobs} evaluations in ${e.batches} batches of ≤ ${batchSize}: ${e.statements} statements, ` +
          `${e.ms.toFixed(0)} ms query time; pg-boss fetch + complete ${e.queueMs.toFixed(0)} ms; ` +
          `${e.wall.toFixed(0)} ms wall; ${r.failed} jobs not completed; firings recorded so far: ${r.firings || 'none'}`,
      );
      for (const [name, b] of e.breakdown.slice(0, 8))
        console.log(`    ${b.ms.toFixed(0).padStart(6)} ms ${String(b.n).padStart(5)} × ${name}`);
      console.log(
        `  database time of the round: ${(r.queued.wall + e.ms + e.queueMs).toFixed(0)} ms ` +
          `(queueing transaction + evaluation statements + fetch/complete)`,
      );
    }
    // A kept database has fired for today already: the latency is measured on a fresh load only.
    if (values.reuse) return;
    const l = await latency(ctx, smtp);
    console.log(
      `report commit → alert mail accepted by SMTP: ${secs(l.toSmtpMs)} s (ingest ${l.ingestMs.toFixed(0)} ms)`,
    );
    console.log(`cool-down's end → the mail it held accepted by SMTP: ${secs(l.heldMs)} s`);
  } finally {
    await handle.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
if (values.reuse) await run(values.reuse);
else await withScratchDatabase('bench_alerts', run, { keep: values.keep });
