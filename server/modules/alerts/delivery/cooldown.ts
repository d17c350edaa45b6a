import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { AlertRuleRow } from '../repo';

// The cool-down of an address, not only of a rule (docs/ALERTS.md "States, firings and e-mail"): when an
// address last got an alert mail of a condition from the organization (alert_mail_cooldowns, migration 0060).
// A rule deleted and created again is a new rule, but the address and the condition are the same, so the new
// rule waits as the old one would.

const pairKey = (o: number, a: string, c: string) => `${o} ${a} ${c}`;

/** When each (organization, address, condition) of these rules' recipients was last mailed. */
export async function lastMailed(db: Db, rules: { rule: AlertRuleRow; to: string[] }[]) {
  const asked = rules.flatMap(({ rule, to }) =>
    to.map((a) => ({ o: rule.organization_id, a, c: rule.condition })),
  );
  const out = new Map<string, Date>();
  if (asked.length === 0) return out;
  const { rows } = await sql<{ o: number; a: string; c: string; mailed_at: Date | string }>`
    select m.organization_id as o, m.address as a, m.condition as c, m.mailed_at
      from alert_mail_cooldowns m
      join jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as b(o int, a text, c text)
        on m.organization_id = b.o and m.address = b.a and m.condition = b.c`.execute(db);
  for (const r of rows) out.set(pairKey(r.o, r.a, r.c), new Date(r.mailed_at));
  return out;
}

/** Some recipient got mail of this condition less than the rule's cool-down ago. */
export function addressCooling(
  rule: AlertRuleRow,
  to: string[],
  last: Map<string, Date>,
  now: Date,
): boolean {
  return to.some((a) => {
    const at = last.get(pairKey(rule.organization_id, a, rule.condition));
    return at !== undefined && now.getTime() - at.getTime() < rule.cooldown_minutes * 60_000;
  });
}

/** When the last of these recipients' cool-downs for the rule's condition ends. */
export function coolingEnd(rule: AlertRuleRow, to: string[], last: Map<string, Date>): Date {
  const ends = to.map((a) => last.get(pairKey(rule.organization_id, a, rule.condition))?.getTime() ?? 0);
  return new Date(Math.max(0, ...ends) + rule.cooldown_minutes * 60_000);
}

export async function noteMailed(db: Db, mailed: { rule: AlertRuleRow; to: string[] }[], now: Date) {
  const rows = mailed.flatMap(({ rule, to }) =>
    to.map((address) => ({
      organization_id: rule.organization_id,
      address,
      condition: rule.condition,
      mailed_at: now,
    })),
  );
  // One row per key: a statement may not update the same row twice.
  const unique = [
    ...new Map(rows.map((r) => [pairKey(r.organization_id, r.address, r.condition), r])).values(),
  ];
  if (unique.length === 0) return;
  await db
    .insertInto('alert_mail_cooldowns')
    .values(unique)
    .onConflict((oc) =>
      oc.columns(['organization_id', 'address', 'condition']).doUpdateSet({ mailed_at: now }),
    )
    .execute();
}
