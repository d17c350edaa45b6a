import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { enqueueMany } from '../../../jobs/queue';
import type { AlertRuleRow } from '../repo';

// Mail a cool-down holds goes out when the cool-down ends, not at the next hourly sweep: the moment it is
// held, a job keyed by the rule and that end is queued to start then (docs/ALERTS.md "States, firings and
// e-mail"). Its run sends what is still pending; held again (a newer mail moved the end), it queues the
// next end.

export const heldMailQueue = 'alert-held-mail';

export type Hold = { rule: AlertRuleRow; at: Date };

/** The end of the rule's own cool-down (its last e-mail plus cooldown_minutes). */
export const ruleCooldownEnd = (rule: AlertRuleRow) =>
  rule.last_notified_at
    ? new Date(new Date(rule.last_notified_at).getTime() + rule.cooldown_minutes * 60_000)
    : null;

/** Queues the send of each held rule at its cool-down's end (one job per rule and end). */
export async function scheduleHeld(db: Db, holds: Hold[]): Promise<void> {
  await enqueueMany(
    db,
    heldMailQueue,
    holds.map(({ rule, at }) => ({
      data: { organizationId: rule.organization_id, ruleId: rule.id },
      key: `${rule.organization_id}:${rule.id}:${at.toISOString()}`,
      startAfter: at,
    })),
  );
}

/**
 * Per rule id, for the rules holding items a cool-down keeps: when they go (the later end of the rule's
 * cool-down and of its recipients' for its condition, ./cooldown.ts; null when none is running, so the
 * next evaluation sends them).
 */
export async function heldOf(db: Db, rules: AlertRuleRow[]): Promise<Map<number, Date | null>> {
  const out = new Map<number, Date | null>();
  if (rules.length === 0) return out;
  const keys = JSON.stringify(rules.map((r) => ({ o: r.organization_id, r: r.id })));
  const { rows } = await sql<{ id: string | number; at: Date | string | null }>`
    select r.id,
           greatest(r.last_notified_at,
                    (select max(m.mailed_at) from alert_mail_cooldowns m
                      where m.organization_id = r.organization_id and m.condition = r.condition
                        and m.address in (select lower(a) from jsonb_array_elements_text(r.destination_addresses) a))
           ) + make_interval(mins => r.cooldown_minutes) as at
      from alert_rules r
      join jsonb_to_recordset(${keys}::jsonb) as b(o int, r bigint) on r.organization_id = b.o and r.id = b.r
     where exists (select 1 from alert_firings f
                    where f.organization_id = r.organization_id and f.rule_id = r.id and f.pending)`.execute(
    db,
  );
  for (const row of rows) out.set(Number(row.id), row.at === null ? null : new Date(row.at));
  return out;
}
