import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { enqueueMany } from '../../../jobs/queue';
import { oneClickHeaders } from '../../../mail/send';
import type { Observed } from '../evaluation/evaluators';
import { mailableByOrganization } from '../../recipients';
import { addressCooling, coolingEnd, lastMailed, noteMailed } from './cooldown';
import { mailContexts } from './context';
import { type Hold, ruleCooldownEnd, scheduleHeld } from './held';
import { alertMail, type MailItem } from './mail';
import { type AlertRuleRow, ruleKey } from '../repo';
import { unsubscribeToken } from './unsubscribe';
import { applyAcknowledgements, dropPending } from './acknowledge';
import { firingActions } from './action-link';
import { listedZones } from './webhook-events';
import { namedBlocklists } from '../../reputation';
import { languageOf } from '../../../lib/i18n';
import type { Language } from '../../../db/schema';

// Sending what rules hold pending: one e-mail per recipient holding every pending item of the rules due
// together (several rules, subjects, firings and recoveries), and one webhook call per rule. For many rules at once (a batch of
// evaluations, ../evaluation/batch.ts) the reads and writes are one statement each, plus one insert per
// e-mail.

export const webhookQueue = 'alert-webhook';

/** The rule's cool-down has passed since its last e-mail (or it never sent one). */
export const cooledDown = (rule: AlertRuleRow, now: Date) =>
  !rule.last_notified_at ||
  now.getTime() - new Date(rule.last_notified_at).getTime() >= rule.cooldown_minutes * 60_000;

export type PendingFiring = {
  id: number;
  subject: string;
  kind: 'firing' | 'recovery';
  day: string;
  observed: Observed;
};

const keysOf = (rules: AlertRuleRow[]) =>
  JSON.stringify(rules.map((r) => ({ o: r.organization_id, r: r.id })));

/** The pending firings and recoveries of several rules in one statement, oldest first, by ruleKey. */
export async function pendingFirings(db: Db, rules: AlertRuleRow[]): Promise<Map<string, PendingFiring[]>> {
  const out = new Map<string, PendingFiring[]>();
  if (rules.length === 0) return out;
  const { rows } = await sql<PendingFiring & { organization_id: number; rule_id: string | number }>`
    select f.organization_id, f.rule_id, f.id, f.subject, f.kind, f.observed, f.day::text as day
      from alert_firings f
      join jsonb_to_recordset(${keysOf(rules)}::jsonb) as b(o int, r bigint)
        on f.organization_id = b.o and f.rule_id = b.r
     where f.pending
     order by f.id`.execute(db);
  for (const p of rows) {
    const key = ruleKey(p.organization_id, Number(p.rule_id));
    const list = out.get(key) ?? [];
    list.push({ id: Number(p.id), subject: p.subject, kind: p.kind, day: p.day, observed: p.observed });
    out.set(key, list);
  }
  return out;
}

/**
 * Each recipient's language, per organization: an address of a user of the organization takes that user's
 * (else the rule's, at the caller).
 */
async function languages(db: Db, rules: AlertRuleRow[]): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  const asked = rules.flatMap((r) => r.destination_addresses.map((a) => ({ o: r.organization_id, a })));
  if (asked.length === 0) return out;
  const { rows } = await sql<{
    o: number;
    email: string;
    alerts_email: string | null;
    language: string | null;
  }>`
    select distinct b.o, u.email, u.alerts_email, u.language
      from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as b(o int, a text)
      join users u on u.organization_id = b.o and (lower(u.email) = b.a or lower(u.alerts_email) = b.a)`.execute(
    db,
  );
  for (const r of rows) {
    const map = out.get(r.o) ?? new Map<string, string>();
    out.set(r.o, map);
    for (const a of [r.email, r.alerts_email]) if (a) map.set(a.toLowerCase(), r.language ?? 'en');
  }
  return out;
}

type Prepared = Send & { to: string[]; items: MailItem[] };
type Written = Send & { to: string[]; mails: number[] };

/**
 * A recipient's items of one rule: a blocklist firing names its lists with their delisting pages, and
 * each firing carries its acknowledge and snooze links, signed for this recipient (./action-link.ts).
 */
function withLinks(ctx: AppContext, p: Prepared, to: string, lang: Language): MailItem[] {
  const rule = p.rule;
  return p.items.map((item, i) => ({
    ...item,
    ...(rule.condition === 'ip_blocklisted'
      ? { blocklists: namedBlocklists(ctx, listedZones(item.observed)) }
      : {}),
    ...(item.kind === 'firing'
      ? {
          actions: firingActions(
            ctx.config.encryptionKey,
            ctx.config.publicUrl,
            { o: rule.organization_id, r: rule.id, f: p.pending[i]!.id, e: to, l: lang },
            ctx.now(),
          ),
        }
      : {}),
  }));
}

/**
 * One mail per recipient for the rules due together (one incident tripping several rules is one mail),
 * each rule's part with its own unsubscribe link; the mail's one-click header stops its first rule.
 */
async function queueGrouped(
  ctx: AppContext,
  db: Db,
  prepared: Prepared[],
  langs: Map<number, Map<string, string>>,
): Promise<Written[]> {
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const groups = new Map<string, { o: number; to: string; rules: Prepared[] }>();
  for (const p of prepared)
    for (const to of p.to) {
      const key = `${p.rule.organization_id} ${to.toLowerCase()}`;
      const g = groups.get(key) ?? { o: p.rule.organization_id, to, rules: [] };
      g.rules.push(p);
      groups.set(key, g);
    }
  const ids = new Map<Prepared, number[]>(prepared.map((p) => [p, []]));
  for (const g of groups.values()) {
    const language = langs.get(g.o)?.get(g.to) ?? g.rules[0]!.rule.language;
    const sections = g.rules.map((p) => {
      const token = unsubscribeToken(ctx.config.encryptionKey, g.o, p.rule.id, g.to);
      return {
        rule: p.rule,
        items: withLinks(ctx, p, g.to, languageOf(language)),
        unsubscribe: `${base}/api/dm/alerts/unsubscribe/?token=${token}`,
      };
    });
    const mail = alertMail(sections, g.to, language, { publicUrl: ctx.config.publicUrl });
    const headers = oneClickHeaders(sections[0]!.unsubscribe);
    const id = await ctx.mailer.queue(db, { ...mail, headers, organizationId: g.o });
    for (const p of g.rules) ids.get(p)!.push(id);
  }
  return prepared.map((p) => ({ rule: p.rule, pending: p.pending, to: p.to, mails: ids.get(p)! }));
}

export type Send = { rule: AlertRuleRow; pending: PendingFiring[] };

/**
 * Sends these rules' pending items (the caller checked their cool-downs). A rule whose mail cannot be
 * written fails alone (`failed`, by ruleKey) and keeps its items pending. Returns the outbox ids queued,
 * to hand to SMTP after the commit.
 */
export async function sendMany(
  ctx: AppContext,
  db: Db,
  sends: Send[],
  now: Date,
  failed: Map<string, Error> = new Map(),
): Promise<number[]> {
  // Acknowledged and snoozed incidents first: their items are dropped or held (./acknowledge.ts).
  const acks = await applyAcknowledgements(db, sends, now);
  await dropPending(db, acks.dropped);
  const withPending = acks.sends.filter((s) => s.pending.length > 0);
  if (withPending.length === 0) return [];
  // Only members' and confirmed addresses get mail (docs/DIGESTS.md "Who gets the mail"); a waiting or
  // declined one nothing.
  const mailable = await mailableByOrganization(
    db,
    withPending.flatMap((s) =>
      s.rule.destination_addresses.map((address) => ({ organizationId: s.rule.organization_id, address })),
    ),
  );
  const targeted = withPending.map((s) => ({
    ...s,
    to: s.rule.destination_addresses.filter((a) =>
      mailable.has(`${s.rule.organization_id} ${a.toLowerCase()}`),
    ),
  }));
  // A rule one of whose recipients is still cooling down for its condition keeps its items pending. Rules
  // due together share their recipient's one mail, so several rules of a condition here make one mail.
  const last = await lastMailed(db, targeted);
  const due: typeof targeted = [];
  const holds: Hold[] = [];
  for (const s of targeted) {
    if (addressCooling(s.rule, s.to, last, now))
      holds.push({ rule: s.rule, at: coolingEnd(s.rule, s.to, last) });
    else due.push(s);
  }
  await scheduleHeld(db, holds);
  if (due.length === 0) return [];
  const langs = await languages(
    db,
    due.map((s) => s.rule),
  );
  // A rule whose mail cannot be written (its context or its words) fails alone, before any is queued.
  const contexts = await mailContexts(
    db,
    due.flatMap((s) => s.pending.map((p) => ({ rule: s.rule, item: p }))),
  );
  let at = 0;
  const prepared: Prepared[] = [];
  for (const s of due) {
    const items: MailItem[] = s.pending.map(({ subject, kind, day, observed }) => ({
      subject,
      kind,
      day,
      observed,
      context: contexts[at++],
    }));
    try {
      const orgLangs = langs.get(s.rule.organization_id) ?? new Map<string, string>();
      for (const language of new Set(s.to.map((to) => orgLangs.get(to) ?? s.rule.language)))
        alertMail([{ rule: s.rule, items, unsubscribe: '' }], '', language, {
          publicUrl: ctx.config.publicUrl,
        });
      prepared.push({ ...s, items });
    } catch (err) {
      failed.set(
        ruleKey(s.rule.organization_id, s.rule.id),
        err instanceof Error ? err : new Error(String(err)),
      );
    }
  }
  const written = await queueGrouped(ctx, db, prepared, langs);
  const ids = [...new Set(written.flatMap((s) => s.mails))];
  const firings: { o: number; id: number; sent: number; ids: number[] }[] = [];
  for (const s of written)
    for (const p of s.pending)
      firings.push({ o: s.rule.organization_id, id: p.id, sent: s.mails.length, ids: s.mails });
  if (written.length === 0) return ids;
  await noteMailed(db, written, now);
  await sql`update alert_firings f
       set pending = false, emails_sent = x.sent, outbox_ids = x.ids
      from jsonb_to_recordset(${JSON.stringify(firings)}::jsonb) as x(o int, id bigint, sent int, ids jsonb)
     where f.organization_id = x.o and f.id = x.id`.execute(db);
  await sql`update alert_rules r set last_notified_at = ${now}
      from jsonb_to_recordset(${keysOf(written.map((s) => s.rule))}::jsonb) as x(o int, r bigint)
     where r.organization_id = x.o and r.id = x.r`.execute(db);
  const hooks = written.filter((s) => s.rule.webhook_url);
  await enqueueMany(
    db,
    webhookQueue,
    hooks.map((s) => ({
      data: {
        organizationId: s.rule.organization_id,
        ruleId: s.rule.id,
        firingIds: s.pending.map((p) => p.id),
      },
    })),
  );
  return ids;
}

/**
 * Sends the rule's pending items if its cool-down has passed since its last e-mail: at most one e-mail per
 * rule and recipient per cool-down, whatever the number of subjects; else queues their send at its end.
 * Returns the outbox ids queued.
 */
export async function sendPending(ctx: AppContext, db: Db, rule: AlertRuleRow, now: Date): Promise<number[]> {
  const pending = (await pendingFirings(db, [rule])).get(ruleKey(rule.organization_id, rule.id)) ?? [];
  if (!cooledDown(rule, now)) {
    // Held: sent when the cool-down ends (./held.ts).
    if (pending.length) await scheduleHeld(db, [{ rule, at: ruleCooldownEnd(rule)! }]);
    return [];
  }
  const failed = new Map<string, Error>();
  const ids = await sendMany(ctx, db, [{ rule, pending }], now, failed);
  const [err] = failed.values();
  if (err) throw err;
  return ids;
}
