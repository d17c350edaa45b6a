import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AppError } from '../../lib/errors';
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
    subject: `[msas contact] ${input.subject}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
  });
  return { outboxId };
}
