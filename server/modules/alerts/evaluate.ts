import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { enqueue } from '../../jobs/queue';
import { conditionById } from './catalogue';
import type { Verdicts } from './evaluators';
import { judgeDay, loadRuleData } from './judge';
import { alertMail, type MailItem } from './mail';
import { type AlertRuleRow, markEvaluated } from './repo';
import { type SubjectState, step } from './state';
import { unsubscribeToken } from './unsubscribe';
import { oneClickHeaders } from '../../mail/send';

// Live evaluation of one rule for one day: judge the day, step each subject's state, record the firings and
// recoveries, then send what is pending if the rule's cool-down allows: one e-mail per recipient holding
// every pending item, and one webhook call. Runs in the caller's transaction (the job's own).

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
  let recorded = 0;
  for (const [subject, verdict] of verdicts) {
    const moved = step(states.get(subject), verdict, day, kind);
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

/**
 * Sends the rule's pending items if its cool-down has passed since its last e-mail: at most one e-mail per
 * rule and recipient per cool-down, whatever the number of subjects. Returns the outbox ids queued.
 */
export async function sendPending(ctx: AppContext, db: Db, rule: AlertRuleRow, now: Date): Promise<number[]> {
  const last = rule.last_notified_at ? new Date(rule.last_notified_at).getTime() : null;
  if (last !== null && now.getTime() - last < rule.cooldown_minutes * 60_000) return [];
  const pending = await db
    .selectFrom('alert_firings')
    .select(['id', 'subject', 'kind', 'observed'])
    .select(sql<string>`day::text`.as('day'))
    .where('organization_id', '=', rule.organization_id)
    .where('rule_id', '=', rule.id)
    .where('pending', '=', true)
    .orderBy('id')
    .execute();
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
  const firingIds = pending.map((p) => Number(p.id));
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
