import type { Job } from '../jobs/job';
import { dueMailIds, relayIsBack, waitingForRelay } from './outbox';
import type { Mailer } from './send';

const BATCH = 100;

// Retries the outbox: every minute, the unsent messages whose next attempt is due (see ./outbox.ts for the
// back-off and the claim), and those that waited for an unreachable relay once it answers. It runs outside a transaction: a run waits on SMTP, and on PGlite a transaction
// holds the only connection; the per-message claim, not a lock, keeps two workers from sending one message.
export function outboxRetryJob(options: { mailer?: Mailer; batch?: number } = {}): Job {
  return {
    name: 'retry-outbox',
    intervalMs: 60_000,
    inTransaction: false,
    run: async ({ db, now, logger, mailer: processMailer }) => {
      // The process's own mailer (one SMTP transport per process); tests may hand in another.
      const mailer = options.mailer ?? processMailer;
      if (!mailer.canSend) return;
      // After an outage mail goes out within a minute of the relay's return, not at the end of its back-off:
      // while something waits for the relay, each run asks whether it answers again (one connection).
      if ((await waitingForRelay(db)) && (await mailer.relayAnswers())) await relayIsBack(db, now());
      const ids = await dueMailIds(db, now(), options.batch ?? BATCH);
      let sent = 0;
      for (const id of ids) if (await mailer.deliver(db, id, now())) sent += 1;
      if (ids.length > 0) logger.info({ tried: ids.length, sent }, 'retried outbox mail');
    },
  };
}
