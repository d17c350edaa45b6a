import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { dayOf, periodFor, type Period, type TimeFrame } from './calendar';
import { digestFigures } from './content';
import { digestDocument, renderDigest, type DigestDocument, type RenderedDigest } from './render';
import { claimSend, type ScheduleRow } from './repo';
import { unsubscribeToken } from './unsubscribe';
import { oneClickHeaders } from '../../mail/send';
import { mailableAddresses } from '../recipients';

// Building and queueing one report. Mail goes into the outbox in the caller's transaction, together with the
// digest_sends row that claims the period: both commit or neither does (docs/DIGESTS.md, "Exactly once").

export type SendKind = 'scheduled' | 'late' | 'manual';
export type SendOutcome = { status: 'sent' | 'quiet' | 'skipped'; recipients: number; outbox: number[] };

/** The period a run on this day reports on; without a day, the one ending at the last full day now. */
export function periodOf(row: ScheduleRow, now: Date, endDay?: string): Period {
  const runDay = endDay
    ? new Date(Date.parse(`${endDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    : dayOf(now, row.time_zone);
  return periodFor(row.time_frame as TimeFrame, runDay);
}

/** The console's overview with the same filter (the dates, and the group when the report is of one). */
export function consoleLink(ctx: AppContext, row: ScheduleRow, period: Period): string {
  const url = new URL('/msas/analytics/overview', ctx.config.publicUrl);
  url.searchParams.set('organization', String(row.organization_id));
  if (!row.all_domains && row.domain_group_id !== null)
    url.searchParams.set('domain_groups', String(row.domain_group_id));
  url.searchParams.set('begin_date', period.begin);
  url.searchParams.set('end_date', period.end);
  return url.toString();
}

export function unsubscribeLink(ctx: AppContext, row: ScheduleRow, address: string): string {
  const url = new URL('/api/dm/digest-reports/unsubscribe/', ctx.config.publicUrl);
  url.searchParams.set(
    'token',
    unsubscribeToken(ctx.config.jwtSecret, {
      organizationId: row.organization_id,
      scheduleId: row.id,
      address,
    }),
  );
  return url.toString();
}

async function organizationName(db: Db, id: number) {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}

/** Members get the report in their own language; other addresses in the schedule's. */
async function languages(db: Db, row: ScheduleRow): Promise<Map<string, string>> {
  if (row.destination_addresses.length === 0) return new Map();
  const users = await db
    .selectFrom('users')
    .select(['email', 'language'])
    .where('organization_id', '=', row.organization_id)
    .where('email', 'in', row.destination_addresses)
    .execute();
  // A member who never chose a language gets the schedule's.
  return new Map(users.flatMap((u) => (u.language ? [[u.email.toLowerCase(), u.language]] : [])));
}

/** The report as one recipient (or, without one, the preview and the PDF) sees it. */
export async function renderFor(
  ctx: AppContext,
  db: Db,
  row: ScheduleRow,
  period: Period,
  options: { late?: boolean; address?: string; language?: string } = {},
): Promise<{ rendered: RenderedDigest; document: DigestDocument; messages: number }> {
  const figures = await digestFigures(db, row, period);
  const input = {
    name: row.name,
    organization: await organizationName(db, row.organization_id),
    figures,
    language: options.language ?? row.language,
    late: options.late ?? false,
    consoleLink: consoleLink(ctx, row, period),
    unsubscribeLink: options.address ? unsubscribeLink(ctx, row, options.address) : null,
  };
  return { rendered: renderDigest(input), document: digestDocument(input), messages: figures.total.messages };
}

/**
 * Claims (schedule, period) and queues one mail per recipient. Returns null when the period was already
 * claimed (sent, skipped, or being sent by another worker whose transaction then commits).
 */
export async function sendPeriod(
  ctx: AppContext,
  db: Db,
  row: ScheduleRow,
  period: Period,
  kind: SendKind,
): Promise<SendOutcome | null> {
  const key = kind === 'manual' ? `manual:${randomUUID()}` : period.key;
  const claim = { organization_id: row.organization_id, schedule_id: row.id, period_key: key };
  const claimed = await claimSend(db, {
    ...claim,
    period_begin: period.begin,
    period_end: period.end,
    kind,
    status: 'sent',
    recipients: 0,
    messages: 0,
  });
  if (!claimed) return null;
  const figures = await digestFigures(db, row, period);
  const quiet = figures.total.messages === 0;
  const status = quiet ? (row.quiet_week === 'skip' ? 'skipped' : 'quiet') : 'sent';
  const outbox: number[] = [];
  if (status !== 'skipped') {
    const langs = await languages(db, row);
    const organization = await organizationName(db, row.organization_id);
    // Only members' addresses and confirmed ones (docs/DIGESTS.md "Who gets the mail"): a waiting or declined
    // address gets nothing.
    const mailable = await mailableAddresses(db, row.organization_id, row.destination_addresses);
    for (const address of row.destination_addresses) {
      if (!mailable.has(address.toLowerCase())) continue;
      const unsubscribe = unsubscribeLink(ctx, row, address);
      const mail = renderDigest({
        name: row.name,
        organization,
        figures,
        language: langs.get(address) ?? row.language,
        late: kind === 'late',
        consoleLink: consoleLink(ctx, row, period),
        unsubscribeLink: unsubscribe,
      });
      outbox.push(
        await ctx.mailer.queue(db, {
          to: address,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.images,
          // One-click unsubscribe (RFC 8058 section 3.1): the client POSTs to the same signed URL.
          headers: oneClickHeaders(unsubscribe),
          organizationId: row.organization_id,
        }),
      );
    }
  }
  await db
    .updateTable('digest_sends')
    .set({ status, recipients: outbox.length, messages: figures.total.messages })
    .where('organization_id', '=', claim.organization_id)
    .where('schedule_id', '=', claim.schedule_id)
    .where('period_key', '=', claim.period_key)
    .execute();
  return { status, recipients: outbox.length, outbox };
}
