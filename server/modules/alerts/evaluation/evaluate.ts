import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import {
  coveredDays,
  firedKey,
  type FiringWrite,
  insertFirings,
  mayRejudge,
  statesOfRules,
  type StateWrite,
  writeStates,
} from './batch-write';
import { conditionById } from '../rules/catalogue';
import type { Verdicts } from './evaluators';
import { judgeDay, loadRuleData } from './judge';
import { type AlertRuleRow, markEvaluated, ruleKey } from '../repo';
import { sendPending } from '../delivery/send';
import { step } from './state';

// Live evaluation of one rule for one day: judge the day, step each subject's state, record the firings and
// recoveries, then send what is pending if the rule's cool-down allows (../delivery/send.ts). Runs in the
// caller's transaction. The queue's jobs run in batches (./batch.ts), which read their data in a few
// statements for the whole batch; this one-rule path is the batch's fallback and what the blocklist sweep
// uses.

/** Applies a day's verdicts to the stored states; returns how many firings and recoveries it recorded. */
export async function applyVerdicts(
  db: Db,
  rule: AlertRuleRow,
  verdicts: Verdicts,
  day: string,
  now: Date,
): Promise<number> {
  const kind = conditionById.get(rule.condition as never)?.kind ?? 'state';
  const states = (await statesOfRules(db, [rule])).get(ruleKey(rule.organization_id, rule.id))!;
  // A day older than a recovery may be covered by an incident already (./state.ts): then those are read.
  const rejudge = kind === 'state' && mayRejudge(states, day);
  const fired = rejudge ? await coveredDays(db, [{ rule, from: day, to: day }]) : new Set();
  const writes: StateWrite[] = [];
  const firings: FiringWrite[] = [];
  for (const [subject, verdict] of verdicts) {
    const moved = step(states.get(subject), verdict, day, kind, (d) => fired.has(firedKey(rule, subject, d)));
    if (!moved) continue;
    writes.push({ rule, subject, next: moved.next, observed: verdict ?? {} });
    if (moved.transition) firings.push({ rule, subject, transition: moved.transition });
  }
  await writeStates(db, writes, now);
  await insertFirings(db, firings, now);
  return firings.length;
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
  // Read, stamped and locked in one statement (as a batch locks its rules).
  const rule = await markEvaluated(db, ruleId, organizationId, now);
  if (!rule) return [];
  const data = await loadRuleData(db, rule, day, day);
  await applyVerdicts(db, rule, judgeDay(rule, data, day, now), day, now);
  return sendPending(ctx, db, rule, now);
}
