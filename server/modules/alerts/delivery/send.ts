import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { enqueueMany } from '../../../jobs/queue';
import { oneClickHeaders, type OutgoingMail } from '../../../mail/send';
import type { Observed } from '../evaluation/evaluators';
import { mailableByOrganization } from '../../recipients';
import { addressCooling, lastMailed, noteMailed, planMailed } from './cooldown';
import { alertMail } from './mail';
import { type AlertRuleRow, ruleKey } from '../repo';
import { unsubscribeToken } from './unsubscribe';
import { applyAcknowledgements, dropPending } from './acknowledge';
import { firingActions } from './action-link';
import { listedZones } from './webhook-events';
import { namedBlocklists } from '../../reputation';
import { languageOf } from '../../../lib/i18n';

// Sending what rules hold pending: one e-mail per rule and recipient holding every pending item (several
// subjects, firings and recoveries), and one webhook call per rule. For many rules at once (a batch of
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

function mailsOf(
  ctx: AppContext,
  rule: AlertRuleRow,
  pending: PendingFiring[],
  langs: Map<string, string>,
  recipients: string[],
) {
  const listed = (observed: Observed) =>
    rule.condition === 'ip_blocklisted' ? { blocklists: namedBlocklists(ctx, listedZones(observed)) } : {};
  return recipients.map((to): OutgoingMail => {
    const token = unsubscribeToken(ctx.config.encryptionKey, rule.organization_id, rule.id, to);
    const unsubscribe = `${ctx.config.publicUrl.replace(/\/$/, '')}/api/dm/alerts/unsubscribe/?token=${token}`;
    const lang = languageOf(langs.get(to) ?? rule.language);
    const items = pending.map(({ id, subject, kind, day, observed }) => ({
      subject,
      kind,
      day,
      observed,
      ...listed(observed),
      ...(kind === 'firing'
        ? {
            actions: firingActions(
              ctx.config.encryptionKey,
              ctx.config.publicUrl,
              { o: rule.organization_id, r: rule.id, f: id, e: to, l: lang },
              ctx.now(),
            ),
          }
        : {}),
    }));
    const mail = alertMail(rule, items, to, lang, {
      publicUrl: ctx.config.publicUrl,
      unsubscribe,
    });
    return { ...mail, headers: oneClickHeaders(unsubscribe) };
  });
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
  // A rule one of whose recipients is still cooling down for its condition keeps its items pending.
  const last = await lastMailed(db, targeted);
  const due: typeof targeted = [];
  for (const s of targeted) {
    if (addressCooling(s.rule, s.to, last, now)) continue;
    planMailed(s.rule, s.to, last, now);
    due.push(s);
  }
  if (due.length === 0) return [];
  const langs = await languages(
    db,
    due.map((s) => s.rule),
  );
  const written: (Send & { to: string[]; mails: OutgoingMail[] })[] = [];
  for (const s of due) {
    try {
      written.push({
        ...s,
        mails: mailsOf(ctx, s.rule, s.pending, langs.get(s.rule.organization_id) ?? new Map(), s.to),
      });
    } catch (err) {
      failed.set(
        ruleKey(s.rule.organization_id, s.rule.id),
        err instanceof Error ? err : new Error(String(err)),
      );
    }
  }
  const ids: number[] = [];
  const firings: { o: number; id: number; sent: number; ids: number[] }[] = [];
  for (const s of written) {
    const mine: number[] = [];
    for (const mail of s.mails)
      mine.push(await ctx.mailer.queue(db, { ...mail, organizationId: s.rule.organization_id }));
    ids.push(...mine);
    for (const p of s.pending)
      firings.push({ o: s.rule.organization_id, id: p.id, sent: mine.length, ids: mine });
  }
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
 * rule and recipient per cool-down, whatever the number of subjects. Returns the outbox ids queued.
 */
export async function sendPending(ctx: AppContext, db: Db, rule: AlertRuleRow, now: Date): Promise<number[]> {
  if (!cooledDown(rule, now)) return [];
  const pending = await pendingFirings(db, [rule]);
  const failed = new Map<string, Error>();
  const ids = await sendMany(
    ctx,
    db,
    [{ rule, pending: pending.get(ruleKey(rule.organization_id, rule.id)) ?? [] }],
    now,
    failed,
  );
  const [err] = failed.values();
  if (err) throw err;
  return ids;
}
