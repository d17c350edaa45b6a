import type { AppContext } from '../../../server/context';
import { runJobNow } from '../../../server/jobs/handle';
import { dueMail } from '../../../server/mail/outbox';
import { sendMailJob } from '../../../server/mail/send-job';
import type { Mailer } from '../../../server/mail/send';

/**
 * Runs the send-mail job of every message no attempt holds, as the queue's worker does when their jobs come
 * due (without the queue; a failed attempt is left for its job's retry). Answers how many were sent.
 */
export async function runSendJobs(ctx: AppContext, mailer: Mailer = ctx.mailer): Promise<number> {
  const before = await ctx.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is not', null)
    .executeTakeFirstOrThrow();
  for (const mail of await dueMail(ctx.db, ctx.now(), 0, 1000))
    await runJobNow(ctx, sendMailJob({ mailer }), { outboxId: mail.id }).catch(() => undefined);
  const after = await ctx.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sent_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(after.n) - Number(before.n);
}
