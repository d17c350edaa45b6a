import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { enqueueMany } from '../../../jobs/queue';
import { evaluateQueue } from '../jobs';
import { type AlertRuleRow, ruleDomains } from '../repo';
import { addDays } from './evaluators';
import { checkConditions, liveConditions } from './judge';

// A rule is judged on the data as soon as it is saved or changed, not at the next report or sweep: one
// evaluation of its present day is queued in the saving transaction (a worker runs it within seconds).

/** The day that stands for "now" in the rule's data: its latest report day, or yesterday for absences. */
async function presentDay(db: Db, rule: AlertRuleRow, now: Date): Promise<string | null> {
  const today = now.toISOString().slice(0, 10);
  if (checkConditions.has(rule.condition) || rule.condition === 'dns_change') return today;
  if (rule.condition === 'no_reports') return addDays(today, -1);
  const byIp = rule.scope_type === 'ip';
  const domains = byIp ? [] : await ruleDomains(db, rule);
  if (!byIp && domains.length === 0) return null;
  const where = byIp ? sql`source_ip = ${rule.target_selection}` : sql`domain in (${sql.join(domains)})`;
  const table = rule.condition === 'tls_failures' ? sql`tls_reports` : sql`dmarc_rollups`;
  const day = rule.condition === 'tls_failures' ? sql`(begin_date at time zone 'UTC')::date` : sql`day`;
  const { rows } = await sql<{ day: string | null }>`
    select max(${day})::text as day from ${table}
     where organization_id = ${rule.organization_id} and ${where} and ${day} <= ${today}::date`.execute(db);
  return rows[0]?.day ?? null;
}

/** Queues the evaluation of an active rule's present day (the block lists' rules wait for their sweep). */
export async function queuePresentEvaluation(db: Db, rule: AlertRuleRow, now: Date): Promise<void> {
  if (!rule.is_active || liveConditions.has(rule.condition)) return;
  const day = await presentDay(db, rule, now);
  if (!day) return;
  const singletonKey = `${rule.organization_id}:${rule.id}:${day}`;
  await enqueueMany(db, evaluateQueue, [
    { data: { organizationId: rule.organization_id, ruleId: rule.id, day }, singletonKey },
  ]);
}
