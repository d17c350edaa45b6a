import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { enqueue } from '../../jobs/queue';
import { firedDays, firedKey, mayRejudge } from './batch-write';
import { conditionById } from './catalogue';
import type { Observed, Verdicts } from './evaluators';
import { judgeDay, loadRuleData } from './judge';
import { alertMail, type MailItem } from './mail';
import { type AlertRuleRow, markEvaluated, ruleKey } from './repo';
import { type SubjectState, step } from './state';
import { unsubscribeToken } from './unsubscribe';
import { oneClickHeaders } from '../../mail/send';

// Live evaluation of one rule for one day: judge the day, step each subject's state, record the firings and
// recoveries, then send what is pending if the rule's cool-down allows: one e-mail per recipient holding
// every pending item, and one webhook call. Runs in the caller's transaction. The queue's jobs run in
// batches (./batch.ts); this one-rule path is the batch's fallback and what the blocklist sweep uses.

export const webhookQueue = 'alert-webhook';

async function statesOf(db: Db, rule: AlertRuleRow): Promise<Map<string, SubjectState>> {
  const rows = await db
    .selectFrom('alert_states')
    .select(['subject', 'state'])
    .select(sql<string | null>`day::text`.as('day'))
    .where('organization_id', '=', rule.organization_id)
    .where('rule_id', '=', rule.id)
    .execute();
  return new Map(rows.map((r) => [r.subject, { state: r.state, day: r.day }]));
}

/** Applies a day's verdicts to the stored states; returns how many firings and recoveries it recorded. */
export async function applyVerdicts(
  db: Db,
  rule: AlertRuleRow,
  verdicts: Verdicts,
  day: string,
  now: Date,
): Promise<number> {
  const kind = conditionById.get(rule.condition as never)?.kind ?? 'state';
  const states = await statesOf(db, rule);
  const fired = mayRejudge(states, day) ? await firedDays(db, [{ rule, from: day, to: day }]) : new Set();
  let recorded = 0;
  for (const [subject, verdict] of verdicts) {
    const moved = step(states.get(subject), verdict, day, kind, (d) => fired.has(firedKey(rule, subject, d)));
    if (!moved) continue;
    await db
      .insertInto('alert_states')
      .values({
        organization_id: rule.organization_id,
        rule_id: rule.id,
        subject,
        state: moved.next.state,
        day: moved.next.day,
        since: now,
        observed: JSON.stringify(verdict ?? {}),
      })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'rule_id', 'subject']).doUpdateSet({
          state: moved.next.state,
          day: moved.next.day,
          since: now,
          observed: JSON.stringify(verdict ?? {}),
        }),
      )
      .execute();
    if (!moved.transition) continue;
    await db
      .insertInto('alert_firings')
      .values({
        organization_id: rule.organization_id,
        rule_id: rule.id,
        subject,
        kind: moved.transition.kind,
        day: moved.transition.day,
        observed: JSON.stringify(moved.transition.observed),
        fired_at: now,
        outbox_ids: '[]',
      })
      .execute();
    recorded += 1;
  }
  return recorded;
}

/** Each recipient's language: an address of a user of the organization takes that user's; else the rule's. */
async function languages(db: Db, rule: AlertRuleRow): Promise<Map<string, string>> {
  const addresses = rule.destination_addresses;
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['email', 'alerts_email', 'language'])
    .where('organization_id', '=', rule.organization_id)
    .where((eb) =>
      eb.or([eb(sql`lower(email)`, 'in', addresses), eb(sql`lower(alerts_email)`, 'in', addresses)]),
    )
    .execute();
  const out = new Map<string, string>();
  for (const r of rows)
    for (const a of [r.email, r.alerts_email]) if (a) out.set(a.toLowerCase(), r.language ?? 'en');
  return out;
}

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

/** The pending firings and recoveries of several rules in one statement, oldest first, by ruleKey. */
export async function pendingFirings(db: Db, rules: AlertRuleRow[]): Promise<Map<string, PendingFiring[]>> {
  const out = new Map<string, PendingFiring[]>();
  if (rules.length === 0) return out;
  const keys = JSON.stringify(rules.map((r) => ({ o: r.organization_id, r: r.id })));
  const { rows } = await sql<PendingFiring & { organization_id: number; rule_id: string | number }>`
    select f.organization_id, f.rule_id, f.id, f.subject, f.kind, f.observed, f.day::text as day
      from alert_firings f
      join jsonb_to_recordset(${keys}::jsonb) as b(o int, r bigint) on f.organization_id = b.o and f.rule_id = b.r
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
 * Sends the rule's pending items if its cool-down has passed since its last e-mail: at most one e-mail per
 * rule and recipient per cool-down, whatever the number of subjects. Returns the outbox ids queued.
 */
export async function sendPending(ctx: AppContext, db: Db, rule: AlertRuleRow, now: Date): Promise<number[]> {
  if (!cooledDown(rule, now)) return [];
  const pending = await pendingFirings(db, [rule]);
  return sendItems(ctx, db, rule, pending.get(ruleKey(rule.organization_id, rule.id)) ?? [], now);
}

/** One e-mail per recipient holding these pending items, and one webhook call; the items stop pending. */
export async function sendItems(
  ctx: AppContext,
  db: Db,
  rule: AlertRuleRow,
  pending: PendingFiring[],
  now: Date,
): Promise<number[]> {
  if (pending.length === 0) return [];
  const items: MailItem[] = pending.map((p) => ({
    subject: p.subject,
    kind: p.kind,
    day: p.day,
    observed: p.observed,
  }));
  const langs = await languages(db, rule);
  const ids: number[] = [];
  for (const to of rule.destination_addresses) {
    const token = unsubscribeToken(ctx.config.encryptionKey, rule.organization_id, rule.id, to);
    const unsubscribe = `${ctx.config.publicUrl.replace(/\/$/, '')}/api/dm/alerts/unsubscribe/?token=${token}`;
    const mail = alertMail(rule, items, to, langs.get(to) ?? rule.language, {
      publicUrl: ctx.config.publicUrl,
      unsubscribe,
    });
    ids.push(await ctx.mailer.queue(db, { ...mail, headers: oneClickHeaders(unsubscribe) }));
  }
  const firingIds = pending.map((p) => p.id);
  await db
    .updateTable('alert_firings')
    .set({ pending: false, emails_sent: ids.length, outbox_ids: JSON.stringify(ids) })
    .where('organization_id', '=', rule.organization_id)
    .where('id', 'in', firingIds)
    .execute();
  await db
    .updateTable('alert_rules')
    .set({ last_notified_at: now })
    .where('organization_id', '=', rule.organization_id)
    .where('id', '=', rule.id)
    .execute();
  if (rule.webhook_url)
    await enqueue(db, webhookQueue, { organizationId: rule.organization_id, ruleId: rule.id, firingIds });
  return ids;
}

/** Judges one rule on one day and sends what became pending. Returns the outbox ids queued. */
export async function evaluateRuleDay(
  ctx: AppContext,
  db: Db,
  organizationId: number,
  ruleId: number,
  day: string,
): Promise<number[]> {
  const now = ctx.now();
  // Read and stamped in one statement: a round runs one evaluation per rule, so each statement counts.
  const rule = await markEvaluated(db, ruleId, organizationId, now);
  if (!rule) return [];
  const data = await loadRuleData(db, rule, day, day);
  await applyVerdicts(db, rule, judgeDay(rule, data, day, now), day, now);
  return sendPending(ctx, db, rule, now);
}
