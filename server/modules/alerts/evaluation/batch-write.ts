import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Observed } from './evaluators';
import { type AlertRuleRow, ruleKey } from '../repo';
import type { SubjectState, Transition } from './state';

// The state reads and writes of a batch of evaluations (./batch.ts): every rule's states in one statement,
// the states that moved in one, the firings and recoveries in one, whatever the number of rules.

const keysOf = (rules: AlertRuleRow[]) =>
  JSON.stringify(rules.map((r) => ({ o: r.organization_id, r: r.id })));

/** Per rule (ruleKey), its subjects' states. */
export async function statesOfRules(
  db: Db,
  rules: AlertRuleRow[],
): Promise<Map<string, Map<string, SubjectState>>> {
  const out = new Map<string, Map<string, SubjectState>>();
  for (const r of rules) out.set(ruleKey(r.organization_id, r.id), new Map());
  if (rules.length === 0) return out;
  const { rows } = await sql<{
    o: number;
    r: string | number;
    subject: string;
    state: string;
    day: string | null;
  }>`
    select s.organization_id as o, s.rule_id as r, s.subject, s.state, s.day::text as day
      from alert_states s
      join jsonb_to_recordset(${keysOf(rules)}::jsonb) as b(o int, r bigint)
        on s.organization_id = b.o and s.rule_id = b.r`.execute(db);
  for (const row of rows)
    out.get(ruleKey(row.o, Number(row.r)))?.set(row.subject, {
      state: row.state as SubjectState['state'],
      day: row.day,
    });
  return out;
}

/** A subject's state as a batch leaves it, with the verdict that moved it last. */
export type StateWrite = { rule: AlertRuleRow; subject: string; next: SubjectState; observed: Observed };
export type FiringWrite = { rule: AlertRuleRow; subject: string; transition: Transition };

export async function writeStates(db: Db, writes: StateWrite[], now: Date): Promise<void> {
  if (writes.length === 0) return;
  const json = JSON.stringify(
    writes.map((w) => ({
      o: w.rule.organization_id,
      r: w.rule.id,
      subject: w.subject,
      state: w.next.state,
      day: w.next.day,
      observed: w.observed,
    })),
  );
  await sql`
    insert into alert_states (organization_id, rule_id, subject, state, day, since, observed)
    select o, r, subject, state, day, ${now}, observed
      from jsonb_to_recordset(${json}::jsonb)
        as x(o int, r bigint, subject text, state text, day date, observed jsonb)
    on conflict (organization_id, rule_id, subject) do update
       set state = excluded.state, day = excluded.day, since = excluded.since, observed = excluded.observed`.execute(
    db,
  );
}

/** Records the firings and recoveries, pending, in the order given (their ids follow it). */
export async function insertFirings(db: Db, firings: FiringWrite[], now: Date): Promise<void> {
  if (firings.length === 0) return;
  const json = JSON.stringify(
    firings.map((f, n) => ({
      n,
      o: f.rule.organization_id,
      r: f.rule.id,
      subject: f.subject,
      kind: f.transition.kind,
      day: f.transition.day,
      observed: f.transition.observed,
    })),
  );
  await sql`
    insert into alert_firings (organization_id, rule_id, subject, kind, day, observed, fired_at, outbox_ids)
    select o, r, subject, kind, day, observed, ${now}, '[]'::jsonb
      from jsonb_to_recordset(${json}::jsonb)
        as x(n int, o int, r bigint, subject text, kind text, day date, observed jsonb)
     order by n`.execute(db);
}

/** A rule and the days of its firings to look up. */
export type FiredAsk = { rule: AlertRuleRow; from: string; to: string };
export const firedKey = (rule: AlertRuleRow, subject: string, day: string) =>
  `${ruleKey(rule.organization_id, rule.id)}\u0000${subject}\u0000${day}`;

/** The (rule, subject, day) of the firings recorded for these rules on days from..to (firedKey). */
export async function firedDays(db: Db, asks: FiredAsk[]): Promise<Set<string>> {
  if (asks.length === 0) return new Set();
  const json = JSON.stringify(
    asks.map((a) => ({ o: a.rule.organization_id, r: a.rule.id, f: a.from, t: a.to })),
  );
  const { rows } = await sql<{ o: number; r: string | number; subject: string; day: string }>`
    select f.organization_id as o, f.rule_id as r, f.subject, f.day::text as day
      from alert_firings f
      join jsonb_to_recordset(${json}::jsonb) as b(o int, r bigint, f date, t date)
        on f.organization_id = b.o and f.rule_id = b.r and f.day between b.f and b.t
     where f.kind = 'firing'`.execute(db);
  return new Set(rows.map((x) => `${ruleKey(x.o, Number(x.r))}\u0000${x.subject}\u0000${x.day}`));
}

/** Whether judging `day` may ask for its firings (./state.ts): some subject recovered on a later day. */
export const mayRejudge = (states: Map<string, SubjectState>, day: string) =>
  [...states.values()].some((s) => s.state === 'resolved' && (s.day ?? '') > day);
