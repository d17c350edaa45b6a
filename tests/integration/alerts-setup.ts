import { sql } from 'kysely';
import { ingestFile } from '../../server/ingest/ingest-file';
import { queueSchema } from '../../server/jobs/boss';
import { runBatchNow } from '../../server/jobs/handle';
import { registeredJobs } from '../../server/jobs/registry';
import { openQueue, type Queue } from '../../server/jobs/runner';
import { alertEvaluateJob, evaluateQueue } from '../../server/modules/alerts/jobs';
import { reportXml, type RecordSpec } from '../fixtures/dmarc/build-report';
import { startTestApp, type TestApp } from './support/app';
import { confirmWaitingRecipients, isConfirmationMail } from './support/recipients';
import { seedTenant, type Tenant } from './support/orgs';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';

// What the alert tests share: an app with SMTP to a loopback relay, the queue's tables (its jobs run here by
// hand, as a worker would), an organization with one domain, and aggregate reports built per UTC day.

export type AlertWorld = {
  t: TestApp;
  smtp: SlowSmtp;
  queue: Queue;
  a: Tenant & { domainId: number; groupId: number };
  close: () => Promise<void>;
};

export async function alertWorld(domain: string, env: Record<string, string> = {}): Promise<AlertWorld> {
  // The rules' outside addresses get a confirmation link first (recipients.test.ts); these tests read the
  // alert mail only.
  const smtp = await startSlowSmtp(0, { ignore: isConfirmationMail });
  const t = await startTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'msas@example.com', PUBLIC_URL: 'https://msas.example', ...env },
  });
  const queue = await openQueue(t.ctx, { jobs: registeredJobs, work: false });
  const a = await seedTenant(t, `Org of ${domain}`, domain);
  return {
    t,
    smtp,
    queue,
    a,
    close: async () => {
      await queue.stop();
      await t.close();
      await smtp.close();
    },
  };
}

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
export const dayAgo = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);

let seq = 0;
export type DayReport = {
  domain: string;
  day: string;
  /** Aligned, passing messages from `ip` (default 192.0.2.10). */
  pass?: number;
  /** Messages failing DKIM and SPF from 198.51.100.7. */
  fail?: number;
  /** Messages passing SPF unaligned (another domain's SPF) with DKIM aligned. */
  spfUnaligned?: number;
  ip?: string;
  reporter?: string;
};

/** Ingests one aggregate report covering `day` (YYYY-MM-DD) as the CLI would. */
export async function ingestDay(t: TestApp, r: DayReport): Promise<void> {
  const begin = Date.parse(`${r.day}T00:00:00Z`) / 1000;
  const records: RecordSpec[] = [];
  const from = { headerFrom: r.domain };
  if (r.pass) records.push({ ip: r.ip ?? '192.0.2.10', count: String(r.pass), ...from });
  if (r.fail)
    records.push({
      ip: '198.51.100.7',
      count: String(r.fail),
      dkim: 'fail',
      spf: 'fail',
      ...from,
      auth: '<spf><domain>spoof.example</domain><result>fail</result></spf>',
    });
  if (r.spfUnaligned)
    records.push({
      ip: '203.0.113.9',
      count: String(r.spfUnaligned),
      spf: 'fail',
      ...from,
      auth: '<spf><domain>bounces.esp.example</domain><result>pass</result></spf>',
    });
  seq += 1;
  const xml = reportXml({
    reportId: `alert-${seq}-${Date.now()}`,
    orgName: r.reporter ?? 'Reporter One',
    domain: r.domain,
    begin: String(begin),
    end: String(begin + 86_399),
    records,
  });
  const result = await ingestFile(t.db, { name: `r${seq}.xml`, bytes: Buffer.from(xml), source: 'cli' });
  expect(result.reports.map((x) => x.status)).toEqual(['imported']);
}

type Waiting = { id: string; data: { organizationId: number; ruleId: number; day: string } };

/** The evaluation jobs waiting on the queue, in the order a worker fetches them. */
export async function waitingEvaluations(t: TestApp): Promise<Waiting[]> {
  const { rows } = await sql<Waiting>`select id::text as id, data from ${sql.id(queueSchema(), 'job')}
    where name = ${evaluateQueue} and state = 'created' order by priority desc, created_on, id`.execute(t.db);
  return rows;
}

/** Times the batched evaluation fell back to one rule at a time (it logs each). */
export const fallbacks = (t: TestApp) =>
  t.logs.filter((l) => l.includes('evaluating it one rule at a time')).length;

/**
 * Runs the evaluation jobs waiting on the queue as a worker would, in batches of the job's batch size;
 * returns what they were for. A job that fails throws here, and so does a batch that had to fall back to
 * one rule at a time (the tests mean the batched statements).
 */
export async function runEvaluations(
  t: TestApp,
  options: { confirmRecipients?: boolean } = {},
): Promise<Waiting['data'][]> {
  // The rules' outside addresses stand for confirmed ones here, unless the test is about that rule.
  if (options.confirmRecipients ?? true) await confirmWaitingRecipients(t.db);
  const before = fallbacks(t);
  const rows = await waitingEvaluations(t);
  const job = alertEvaluateJob();
  for (let i = 0; i < rows.length; i += job.batchSize!) {
    const batch = rows.slice(i, i + job.batchSize!);
    const outcomes = await runBatchNow(
      t.ctx,
      job,
      batch.map((w) => w.data),
    );
    const failed = outcomes.find((e) => e !== null);
    if (failed) throw failed;
    await sql`update ${sql.id(queueSchema(), 'job')} set state = 'completed'
      where id in (${sql.join(batch.map((w) => sql`${w.id}::uuid`))})`.execute(t.db);
  }
  if (fallbacks(t) > before) throw new Error('the batched evaluation fell back to one rule at a time');
  await t.ctx.mailer.settled();
  return rows.map((r) => r.data);
}

/** The firings and recoveries of a rule, oldest first. */
export const firingsOf = (t: TestApp, ruleId: number) =>
  t.db
    .selectFrom('alert_firings')
    .select(['subject', 'kind', 'emails_sent', 'observed'])
    .select(sql<string>`day::text`.as('day'))
    .where('rule_id', '=', ruleId)
    .orderBy('id')
    .execute();

/** A message as read, without quoted-printable soft breaks and escapes of '='. */
export const plain = (data: string) => data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
