import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { MailKind } from '../../mail/templates/catalogue';
import { renderMail } from '../../mail/templates/render';

// Queues a templated message inside the caller's transaction and notes its outbox id; the route delivers the
// noted ids after the commit (deliverAll), so a rolled-back request sends nothing.
export async function queueTemplate(
  ctx: AppContext,
  db: Db,
  outbox: number[],
  to: string,
  kind: MailKind,
  language: string | null | undefined,
  vars: Record<string, string | number>,
): Promise<void> {
  if (!to) return;
  outbox.push(await ctx.mailer.queue(db, { to, ...renderMail(kind, language, vars) }));
}

export async function deliverAll(ctx: AppContext, outbox: number[]): Promise<void> {
  for (const id of outbox) await ctx.mailer.deliver(ctx.db, id);
}

export function appLink(ctx: AppContext, path: string, params: Record<string, string | number>): string {
  const url = new URL(path, ctx.config.publicUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  return url.toString();
}
