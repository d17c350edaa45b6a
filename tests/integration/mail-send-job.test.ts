import pino from 'pino';
import type { AppContext } from '../../server/context';
import { bossOver } from '../../server/jobs/boss';
import { keyId } from '../../server/jobs/queue';
import { openQueue, type Queue } from '../../server/jobs/runner';
import { listJobs } from '../../server/jobs/store';
import { outboxMaxAttempts } from '../../server/mail/outbox';
import { createMailer } from '../../server/mail/send';
import { sendMailJob, sendMailQueue } from '../../server/mail/send-job';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { testConfig } from './support/app';
import { openTestDatabase, type TestDatabase } from './support/db';

// Mail is retried by the job queue: each message's send-mail job is queued in the transaction that queues
// the message, and pg-boss's retries with back-off (5-10 minutes after the first failure, doubling) are
// its schedule; a worker that starts takes the mail no job holds.

let t: TestDatabase;
let ctx: AppContext;
let smtp: SlowSmtp;
const queues: Queue[] = [];

beforeAll(async () => {
  t = await openTestDatabase();
  smtp = await startSlowSmtp(0);
  const base = testConfig('/tmp', { SMTP_URL: smtp.url, MAIL_FROM: 'msas@example.com' });
  const config = { ...base, jobs: { pollSeconds: 1, maintenanceSeconds: 60, stopTimeoutSeconds: 2 } };
  const logger = pino({ level: 'silent' });
  ctx = { config, db: t.db, logger, mailer: createMailer(config, logger), now: () => new Date() };
}, 120_000);
afterAll(async () => {
  for (const q of queues) await q.stop().catch(() => 0);
  ctx?.mailer.close();
  await smtp?.close();
  await t?.close();
});

const open = async (work: boolean) => {
  const q = await openQueue(ctx, { jobs: [sendMailJob()], work });
  queues.push(q);
  return q;
};
const jobOf = (outboxId: number, attempts: number) =>
  bossOver(t.db).getJobById(sendMailQueue, keyId(sendMailQueue, `outbox:${outboxId}:${attempts}`));
const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

async function until(what: string, ok: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the send-mail job of a message', () => {
  it('is queued with the message, in its transaction, with the retry schedule', async () => {
    const q = await open(false);
    const before = new Date();
    const id = await t.db
      .transaction()
      .execute((trx) => ctx.mailer.queue(trx, { to: 'queued@example.com', subject: 's', text: 't' }));
    const job = await jobOf(id, 0);
    expect(job).toMatchObject({
      data: { outboxId: id },
      state: 'created',
      retryLimit: outboxMaxAttempts - 2,
      retryDelay: 300,
      retryBackoff: true,
    });
    // The first run is the first retry, after the background attempt.
    expect(seconds(before, job!.startAfter)).toBeGreaterThanOrEqual(299);

    const gone = new Error('rolled back');
    let rolledBack = 0;
    await expect(
      t.db.transaction().execute(async (trx) => {
        rolledBack = await ctx.mailer.queue(trx, { to: 'never@example.com', subject: 's', text: 't' });
        throw gone;
      }),
    ).rejects.toBe(gone);
    expect(await jobOf(rolledBack, 0)).toBeNull();
    await q.stop();
  });

  it('is retried by pg-boss with back-off when the relay refuses, and a starting worker adopts mail', async () => {
    // Mail no job holds (queued by a process without the queue): the worker's start puts it on the queue.
    const row = await t.db
      .insertInto('outbox')
      .values({ to: 'refused@example.com', subject: 'Refused', text: 'hello' })
      .returning('id')
      .executeTakeFirstOrThrow();
    smtp.failNext(1);
    const q = await open(true);
    await until('the failed attempt', async () => (await jobOf(row.id, 0))?.state === 'retry');
    const job = (await jobOf(row.id, 0))!;
    const failedAt = new Date();
    // pg-boss's back-off: retryDelay * 2^retryCount, plus up to as much again at random.
    expect(seconds(failedAt, job.startAfter)).toBeGreaterThan(290);
    expect(seconds(failedAt, job.startAfter)).toBeLessThanOrEqual(600);
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ attempts: 1, sent_at: null, claimed_at: null });
    expect(smtp.received.some((r) => r.to.includes('refused@example.com'))).toBe(false);

    // Another worker's start does not queue the message again: its job holds it.
    await q.stop();
    await (await open(true)).stop();
    expect(mail.attempts).toBe(1);
    expect(await jobOf(row.id, 1)).toBeNull();
    const jobs = await listJobs(t.db, { queue: sendMailQueue, limit: 100 });
    expect(jobs.filter((j) => j.id === job.id)).toHaveLength(1);
  });
});
