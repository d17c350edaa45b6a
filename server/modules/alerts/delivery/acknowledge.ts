import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { badRequest, item, notFound } from '../../../lib/errors';
import type { SnoozeDuration } from '../../../../contract/alert-firings';
import type { AlertRuleRow } from '../repo';
import type { Send } from './send';

// Acknowledging or snoozing a firing, i.e. the incident it opened (from its firing to its recovery), and
// what that does to the mail (docs/ALERTS.md "Acknowledge and snooze"):
// - acknowledged: its firing is not mailed (nor any other about it); its recovery still is;
// - snoozed: its mail (firing and recovery) waits until the snooze ends; then, if it is still open, the next
//   sweep sends it; if it recovered meanwhile, nothing is sent (the reader asked not to hear of it till then).

export const snoozeMs: Record<SnoozeDuration, number> = {
  '1h': 3_600_000,
  '1d': 86_400_000,
  '1w': 7 * 86_400_000,
};

export type FiringAction = { kind: 'acknowledge'; by: string; at: Date } | { kind: 'snooze'; until: Date };

/** Acknowledges or snoozes the rule's firing (404 when the rule has no such firing, 400 for a recovery). */
export async function actOnFiring(db: Db, rule: AlertRuleRow, firingId: number, action: FiringAction) {
  const row = await db
    .selectFrom('alert_firings')
    .select(['id', 'kind'])
    .where('organization_id', '=', rule.organization_id)
    .where('rule_id', '=', rule.id)
    .where('id', '=', firingId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.kind !== 'firing') throw badRequest({ firing_id: [item('alert_not_firing')] });
  await db
    .updateTable('alert_firings')
    .set(
      action.kind === 'acknowledge'
        ? { acknowledged_at: action.at, acknowledged_by: action.by }
        : { snoozed_until: action.until },
    )
    .where('organization_id', '=', rule.organization_id)
    .where('id', '=', firingId)
    .execute();
}

type Hold = { id: number; incident: number; kind: string; fired_at: Date | string } & {
  acknowledged_at: Date | string | null;
  snoozed_until: Date | string | null;
};

/**
 * Splits the pending items of these sends by their incidents' acknowledgement and snooze: the items to
 * send now, and the ids to drop (no longer pending, never mailed). Items held by a snooze stay pending.
 */
export async function applyAcknowledgements(
  db: Db,
  sends: Send[],
  now: Date,
): Promise<{ sends: Send[]; dropped: { o: number; id: number }[] }> {
  const asked = sends.flatMap((s) => s.pending.map((p) => ({ o: s.rule.organization_id, id: p.id })));
  if (asked.length === 0) return { sends, dropped: [] };
  const { rows } = await sql<Hold & { o: number }>`
    select f.organization_id as o, f.id, f.kind, f.fired_at, i.id as incident, i.acknowledged_at,
           i.snoozed_until
      from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as x(o int, id bigint)
      join alert_firings f on f.organization_id = x.o and f.id = x.id
      join lateral (
        select o.id, o.acknowledged_at, o.snoozed_until from alert_firings o
         where o.organization_id = f.organization_id and o.rule_id = f.rule_id and o.subject = f.subject
           and o.kind = 'firing' and o.id <= f.id
         order by o.id desc limit 1) i on true
     where i.acknowledged_at is not null or i.snoozed_until is not null`.execute(db);
  if (rows.length === 0) return { sends, dropped: [] };
  const byId = new Map(rows.map((r) => [`${r.o} ${Number(r.id)}`, r]));
  // An incident that recovered before its snooze ended is not mailed at all.
  const recoveredInSnooze = new Set(
    rows
      .filter(
        (r) =>
          r.kind === 'recovery' &&
          r.snoozed_until &&
          new Date(r.fired_at).getTime() < new Date(r.snoozed_until).getTime(),
      )
      .map((r) => `${r.o} ${Number(r.incident)}`),
  );
  const dropped: { o: number; id: number }[] = [];
  const out = sends.map((s) => ({
    ...s,
    pending: s.pending.filter((p) => {
      const o = s.rule.organization_id;
      const h = byId.get(`${o} ${p.id}`);
      if (!h) return true;
      if (h.snoozed_until && new Date(h.snoozed_until).getTime() > now.getTime()) return false;
      const acknowledged = h.acknowledged_at !== null && p.kind === 'firing';
      if (acknowledged || recoveredInSnooze.has(`${o} ${Number(h.incident)}`)) {
        dropped.push({ o, id: p.id });
        return false;
      }
      return true;
    }),
  }));
  return { sends: out, dropped };
}

/** The dropped items leave the pending mail, unmailed. */
export async function dropPending(db: Db, dropped: { o: number; id: number }[]) {
  if (dropped.length === 0) return;
  await sql`update alert_firings f set pending = false
      from jsonb_to_recordset(${JSON.stringify(dropped)}::jsonb) as x(o int, id bigint)
     where f.organization_id = x.o and f.id = x.id`.execute(db);
}
