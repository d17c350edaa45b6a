import pino from 'pino';
import type { AppContext } from '../../server/context';
import { runJobNow } from '../../server/jobs/handle';
import { registeredJobs } from '../../server/jobs/registry';
import { openQueue, type Queue } from '../../server/jobs/runner';
import { createMailer } from '../../server/mail/send';
import { relayWatchJob, sendMailJob, sendMailQueue } from '../../server/mail/send-job';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { freePort } from '../support/server';
import { testConfig } from './support/app';
import { openTestDatabase, type TestDatabase } from './support/db';

// The SMTP relay down for a while: mail waits in the outbox, and once the relay answers again it goes out
// exactly once, within a minute (watch-mail-relay runs every minute and queues a job due now for it), not at
// its job's next retry (5 minutes after the first failure, up to hours later on). A message the relay itself
// refused keeps its job's back-off.

let t: TestDatabase;
let ctx: AppContext;
let relay: SlowSmtp | undefined;
let port: number;
let jobQueue: Queue;

beforeAll(async () => {
  t = await openTestDatabase();
  port = await freePort();
  const config = testConfig('/tmp', { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'msas@example.com' });
  const logger = pino({ level: 'silent' });
  ctx = { config, db: t.db, logger, mailer: createMailer(config, logger), now: () => new Date() };
  jobQueue = await openQueue(ctx, { jobs: registeredJobs, work: false });
}, 120_000);
afterAll(async () => {
  await jobQueue?.stop();
  ctx?.mailer.close();
  await relay?.close();
  await t?.close();
});

const row = (id: number) =>
  t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
// One minute of a worker: watch-mail-relay's run, then the send-mail jobs due now (those not due stay).
async function retry(): Promise<void> {
  await runJobNow(ctx, relayWatchJob({ mailer: ctx.mailer }));
  for (const job of await jobQueue.boss.fetch(sendMailQueue, { batchSize: 50 })) {
    await runJobNow(ctx, sendMailJob({ mailer: ctx.mailer }), job.data);
    await jobQueue.boss.complete(sendMailQueue, job.id);
  }
}
const queue = (to: string) => ctx.mailer.queue(t.db, { to, subject: `for ${to}`, text: 'hello' });

describe('the SMTP relay down for a while', () => {
  it('keeps the mail while it is down and sends it once, within a minute, when it is back', async () => {
    const id = await queue('waiting@example.com');
    expect(await ctx.mailer.deliver(t.db, id)).toBe(false);
    const failed = await row(id);
    expect(failed).toMatchObject({ sent_at: null, attempts: 1, relay_unreachable: true, claimed_at: null });
    expect(new Date(failed.next_attempt_at!).getTime() - Date.now()).toBeGreaterThan(3 * 60_000);

    // Still down: the run asks the relay, finds nobody, and leaves the message alone.
    await retry();
    expect(await row(id)).toMatchObject({ sent_at: null, attempts: 1 });

    relay = await startSlowSmtp(0, { port });
    await retry();
    expect((await relay.waitFor('waiting@example.com', 1)).data).toContain(
      'Subject: for waiting@example.com',
    );
    expect(await row(id)).toMatchObject({ attempts: 2, relay_unreachable: false, claimed_at: null });
    expect((await row(id)).sent_at).toBeInstanceOf(Date);

    await retry();
    await retry();
    expect(relay.received.filter((r) => r.to.includes('waiting@example.com'))).toHaveLength(1);
  });

  it('keeps the back-off of a message the relay refused, though the relay answers', async () => {
    relay!.failNext(1);
    const id = await queue('refused@example.com');
    expect(await ctx.mailer.deliver(t.db, id)).toBe(false);
    expect(await row(id)).toMatchObject({ sent_at: null, attempts: 1, relay_unreachable: false });
    await retry();
    expect(await row(id)).toMatchObject({ sent_at: null, attempts: 1 });
  });
});
