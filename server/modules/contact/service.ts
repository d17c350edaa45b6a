import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AppError } from '../../lib/errors';
import { renderMail } from '../../mail/templates/render';
import { firstLimitExceeded, limiterKeys, recordFailure } from '../auth';
import type { ContactInput } from '../../../contract/contact';

export const messageSent = 'Message sent.';

// Queues the message to OPERATOR_EMAIL; every submission counts against the sender IP's limit.
export async function submitContact(
  ctx: AppContext,
  db: Db,
  input: ContactInput,
  ip: string,
): Promise<{ outboxId: number } | AppError> {
  const now = ctx.now();
  const key = limiterKeys.contact(ip);
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.contactRateLimit }], now);
  if (limited) return limited;
  await recordFailure(db, [key], now);
  const outboxId = await ctx.mailer.queue(db, {
    to: ctx.config.operatorEmail,
    replyTo: input.email,
    // To the operator, who has no language setting: English.
    ...renderMail('contactMessage', 'en', {
      subject: input.subject,
      name: input.name,
      email: input.email,
      message: input.message,
    }),
  });
  return { outboxId };
}
