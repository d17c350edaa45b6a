import type { Language } from '../db/schema';
import type { Job } from '../jobs/job';
import { insertAuditOperation } from '../modules/shared/audit-repo';
import { serverT } from '../lib/i18n';
import { appLink } from './app-mail';
import { hourOf, purgeBudgetHours, takeBudget } from './budget';
import { heldFor, heldRecipients, markSummarised, type HeldRecipient } from './held';
import type { OutgoingMail } from './send';

// Mail held over an organization's hourly budget is told of once the hour is over: ONE summary per held
// recipient and organization, listing what was held for that recipient. Per recipient rather than one per
// organization: the people whose alerts or invitations did not arrive are the ones who must learn of it, and
// a summary shows each person only the subjects that were addressed to them (an organization-wide one would
// show everyone's). Each summary takes its place in the budget of the hour it is sent in, so summaries
// cannot become the flood: when the hour's budget is spent, the rest wait (still held) for the next hour and
// then tell of everything held until then.

const BATCH = 100;
const shownSubjects = 20;

const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

export function summaryMail(
  language: Language,
  v: {
    organization: string;
    to: string;
    budget: number;
    link: string;
    subjects: string[];
    from: Date;
    until: Date;
  },
): Pick<OutgoingMail, 'subject' | 'text'> {
  const t = serverT(language, 'mail');
  const shown = v.subjects.slice(0, shownSubjects).map((s) => `- ${s}`);
  if (v.subjects.length > shownSubjects)
    shown.push(t('heldSummary.more', { count: v.subjects.length - shownSubjects }));
  const { subjects, ...rest } = v;
  const vars = { ...rest, count: subjects.length, from: minute(v.from), until: minute(v.until) };
  const text = [
    t('heldSummary.intro', vars),
    t('heldSummary.count', vars),
    [t('heldSummary.subjects'), ...shown].join('\n'),
    t('heldSummary.outro'),
    t('heldSummary.link', vars),
  ].join('\n\n');
  return { subject: t('heldSummary.subject', vars), text: `${text}\n` };
}

export function heldSummaryJob(): Job {
  return {
    name: 'summarise-held-mail',
    intervalMs: 60_000,
    run: async (ctx) => {
      const { db, config } = ctx;
      const now = ctx.now();
      const before = hourOf(now);
      const spent = new Set<number>();
      let sent = 0;
      for (const r of await heldRecipients(db, before, BATCH)) {
        if (spent.has(r.organization_id)) continue;
        if (!(await takeBudget(db, r.organization_id, now, config.mailBudgetPerHour))) {
          spent.add(r.organization_id);
          continue;
        }
        await summarise(ctx, r, before, now);
        sent += 1;
      }
      await purgeBudgetHours(db, now);
      // Each summary's send-mail job sends it at once (queued with byJob).
      if (sent > 0 || spent.size > 0)
        ctx.logger.info({ summaries: sent, organizations_waiting: spent.size }, 'summarised held mail');
    },
  };
}

async function summarise(
  ctx: Parameters<Job['run']>[0],
  r: HeldRecipient,
  before: Date,
  now: Date,
): Promise<void> {
  const { db, config } = ctx;
  const held = await heldFor(db, r, before);
  const org = await db
    .selectFrom('organizations')
    .select(['name', 'settings'])
    .where('id', '=', r.organization_id)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select('language')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', r.to))
    .executeTakeFirst();
  const orgDefault = (org.settings as { default_language?: Language } | null)?.default_language;
  const language: Language = (user?.language ?? orgDefault) === 'pt' ? 'pt' : 'en';
  const mail = summaryMail(language, {
    organization: org.name,
    to: r.to,
    budget: config.mailBudgetPerHour,
    link: appLink(ctx, '/msas/settings/auditing', {}),
    subjects: held.map((h) => h.subject),
    from: held[0]!.held_at!,
    until: before,
  });
  const id = await ctx.mailer.queue(
    db,
    { to: r.to, ...mail, organizationId: r.organization_id },
    { now, admitted: true, byJob: true },
  );
  await markSummarised(
    db,
    held.map((h) => h.id),
    id,
  );
  await insertAuditOperation(db, {
    name: 'mail.held.summary',
    user_id: null,
    organization_id: r.organization_id,
    request: { to: r.to, held: held.length, summary_outbox_id: id },
    response_status: 202,
  });
}
