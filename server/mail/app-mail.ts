import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { MailKind } from './templates/catalogue';
import { renderMail } from './templates/render';

// Queues a templated message inside the caller's transaction and notes its outbox id; the route hands the
// noted ids to the background delivery after the commit (deliverInBackground), so a rolled-back request sends
// nothing. A recipient with organizationId gets mail sent for that organization (its hourly budget,
// ./budget.ts); a bare address is account mail, which has no budget.
export async function queueTemplate(
  ctx: AppContext,
  db: Db,
  outbox: number[],
  recipient: string | { to: string; organizationId: number },
  kind: MailKind,
  language: string | null | undefined,
  vars: Record<string, string | number | Date>,
): Promise<void> {
  const { to, organizationId } =
    typeof recipient === 'string' ? { to: recipient, organizationId: null } : recipient;
  if (!to) return;
  outbox.push(await ctx.mailer.queue(db, { to, ...renderMail(kind, language, vars), organizationId }));
}

// Never awaited by a route: the answer must not wait on (nor its time tell of) an SMTP conversation. A failed
// message stays in the outbox and its send-mail job tries it again (server/mail/send-job.ts).
export function deliverInBackground(ctx: AppContext, outbox: number[]): void {
  ctx.mailer.deliverLater(ctx.db, outbox);
}

export function appLink(ctx: AppContext, path: string, params: Record<string, string | number>): string {
  const url = new URL(path, ctx.config.publicUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  return url.toString();
}

export function resetLink(ctx: AppContext, username: string, token: string): string {
  return appLink(ctx, '/password-reset', { username, token });
}
