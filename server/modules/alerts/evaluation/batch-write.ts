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

/** A rule and the days to look up (coveredDays). */
export type FiredAsk = { rule: AlertRuleRow; from: string; to: string };
export const firedKey = (rule: AlertRuleRow, subject: string, day: string) =>
  `${ruleKey(rule.organization_id, rule.id)}\u0000${subject}\u0000${day}`;

/**
 * The (rule, subject, day) of the days from..to an incident covers (firedKey): from a firing's day up to
 * the day before the recovery that followed it (the next recovery of the subject recorded after it), or
 * on, while it has none. An incident is one thing from its first day to its recovery, whatever order its
 * days are judged in (./state.ts).
 */
export async function coveredDays(db: Db, asks: FiredAsk[]): Promise<Set<string>> {
  if (asks.length === 0) return new Set();
  const json = JSON.stringify(
    asks.map((a) => ({ o: a.rule.organization_id, r: a.rule.id, f: a.from, t: a.to })),
  );
  const { rows } = await sql<{ o: number; r: string | number; subject: string; day: string }>`
    select distinct i.o, i.r, i.subject, d::date::text as day
      from (select b.o, b.r, b.f, b.t, f.subject, f.day as first,
                   (select min(x.day) from alert_firings x
                     where x.organization_id = f.organization_id and x.rule_id = f.rule_id
                       and x.subject = f.subject and x.kind = 'recovery' and x.id > f.id
                       and x.id < coalesce((select min(y.id) from alert_firings y
                                             where y.organization_id = f.organization_id
                                               and y.rule_id = f.rule_id and y.subject = f.subject
                                               and y.kind = 'firing' and y.id > f.id), 9223372036854775807)
                   ) as recovered
              from alert_firings f
              join jsonb_to_recordset(${json}::jsonb) as b(o int, r bigint, f date, t date)
                on f.organization_id = b.o and f.rule_id = b.r and f.day <= b.t
             where f.kind = 'firing') i
     cross join lateral generate_series(greatest(i.first, i.f)::timestamp,
                                        least(coalesce(i.recovered - 1, i.t), i.t)::timestamp,
                                        interval '1 day') as d`.execute(db);
  return new Set(rows.map((x) => `${ruleKey(x.o, Number(x.r))}\u0000${x.subject}\u0000${x.day}`));
}

/**
 * Whether judging days from `day` on may need the days incidents covered (coveredDays): some subject
 * recovered after `day`, or fires now (its incident may have opened on a day older than an earlier one's
 * recovery, ./state.ts).
 */
export const mayRejudge = (states: Map<string, SubjectState>, day: string) =>
  [...states.values()].some((s) => s.state === 'firing' || (s.state === 'resolved' && (s.day ?? '') > day));
