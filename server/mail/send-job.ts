import type { Db } from '../db/database';
import { bossOver, sender, sqlAdapter } from '../jobs/boss';
import type { Job } from '../jobs/job';
import { enqueueMany, keyId } from '../jobs/queue';
import { dueMail, outboxMaxAttempts, relayIsBack, waitingForRelay, type DueMail } from './outbox';
import type { Mailer } from './send';

// Every unsent message has a job on the `send-mail` queue, keyed by its outbox row and attempt count, put
// there in the transaction that queues the message: pg-boss retries it with back-off (see ./outbox.ts for
// the schedule), keeps it across restarts and hands it back when a worker dies. The background delivery after
// the commit is the first attempt; the job's first run, 5 minutes later, is the first retry (it finds the
// message sent, usually, and ends). The outbox row's claim, not the queue, keeps one message from being sent
// twice. Jobs run outside a transaction: an attempt waits on SMTP, and on PGlite a transaction holds the
// only connection.

export const sendMailQueue = 'send-mail';
/** The job's first run after the background attempt, and pg-boss's retry delay (doubled per retry). */
export const firstRetrySeconds = 300;

const keyOf = (mail: DueMail) => `outbox:${mail.id}:${mail.attempts}`;

/**
 * Puts the job of a message just queued on the queue, in the caller's transaction. False when the database
 * has no `send-mail` queue (a command or test that never opened the queue): the next worker to start takes
 * such mail (sendMailJob's onStart). `known`: this process already saw the queue (it is never dropped).
 * `now`: no background delivery follows (a job's own mail), so the job's first run is the first attempt.
 */
export async function enqueueSend(
  db: Db,
  outboxId: number,
  options: { known: boolean; now: boolean },
): Promise<boolean> {
  if (!options.known) {
    const boss = bossOver(db);
    if (!(await boss.isInstalled()) || !(await boss.getQueue(sendMailQueue))) return false;
  }
  // A fresh outbox id: its key was never used, so there is no archived job to look for (enqueue does).
  await sender().send(
    sendMailQueue,
    { outboxId },
    {
      id: keyId(sendMailQueue, keyOf({ id: outboxId, attempts: 0 })),
      startAfter: options.now ? 0 : firstRetrySeconds,
      db: sqlAdapter(db),
    },
  );
  return true;
}

async function enqueueNow(db: Db, mail: DueMail[]): Promise<void> {
  await enqueueMany(
    db,
    sendMailQueue,
    mail.map((m) => ({ data: { outboxId: m.id }, key: keyOf(m) })),
  );
}

class NotSent extends Error {}

export function sendMailJob(options: { mailer?: Mailer } = {}): Job {
  return {
    name: sendMailQueue,
    inTransaction: false,
    retryLimit: outboxMaxAttempts - 2,
    retryDelaySeconds: firstRetrySeconds,
    batchSize: 10,
    // A worker that starts takes the mail no job will send: queued by a process without the queue, left
    // by a dead process (dead-process.ts made it due), or kept in the outbox while SMTP_URL was unset. The
    // key holds the attempt count: such mail gets one job per attempt, however many workers start.
    onStart: async ({ db, now, mailer }) => {
      if (!(options.mailer ?? mailer).canSend) return;
      for (let after = 0; ;) {
        const mail = await dueMail(db, now(), after, 1000);
        await enqueueNow(db, mail);
        if (mail.length < 1000) return;
        after = mail[mail.length - 1]!.id;
      }
    },
    run: async ({ db, data, now, mailer }) => {
      const outboxId = (data as { outboxId?: unknown }).outboxId;
      if (!Number.isSafeInteger(outboxId)) return;
      const outcome = await (options.mailer ?? mailer).attempt(db, outboxId as number, now());
      // pg-boss retries the job (with back-off) after a failure, and after finding another attempt running.
      if (outcome === 'failed' || outcome === 'taken')
        throw new NotSent(`mail ${String(outboxId)} not sent (${outcome}); kept in the outbox`);
    },
  };
}

// After an outage mail goes out within a minute of the relay's return, not at its job's next retry: while
// something waits for the relay, each run asks whether it answers again (one connection) and then puts a job
// due now on the queue for each such message.
export function relayWatchJob(options: { mailer?: Mailer } = {}): Job {
  return {
    name: 'watch-mail-relay',
    intervalMs: 60_000,
    inTransaction: false,
    run: async ({ db, now, logger, mailer: processMailer }) => {
      const mailer = options.mailer ?? processMailer;
      if (!mailer.canSend || !(await waitingForRelay(db))) return;
      if (!(await mailer.relayAnswers())) return;
      await db.transaction().execute(async (trx) => {
        const due = await relayIsBack(trx, now());
        await enqueueNow(trx, due);
        if (due.length > 0) logger.info({ mail: due.length }, 'the mail relay answers again: mail due now');
      });
    },
  };
}
