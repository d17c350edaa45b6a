import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { foldSummaries } from '../../analytics';
import { lapsedOrganizations } from '../../shared/billing-access';
import { loadBatchData, plan, type Planned } from './batch-load';
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
import { evaluateRuleDay } from './evaluate';
import { addDays } from './evaluators';
import { cooledDown, pendingFirings, sendMany } from '../delivery/send';
import { ruleCooldownEnd, scheduleHeld } from '../delivery/held';
import { judgeDay, type RuleData } from './judge';
import { type AlertRuleRow, domainsOfRules, markEvaluatedMany, ruleKey } from '../repo';
import { type SubjectState, step } from './state';

// Many evaluations (a rule and the day it judges) at once, as a worker fetches them from the queue: the same
// judgement as one at a time (./evaluate.ts, evaluateRuleDay), from a handful of statements for the whole
// batch instead of about five per rule. The analytics summaries' fold (1 statement), then in one transaction:
//   the rules, read and locked (1 statement); their scopes' domains (1); the data, one statement per kind
//   of condition (./batch-load.ts); the states (1); the days incidents cover, when a recovery may have
//   passed a judged day (1); the states that moved (1); the firings and recoveries (1); the rules' pending
//   items (1), the held ones' sends at their cool-downs' ends (1); and for the rules with something to send (../delivery/send.ts): the recipients' languages (1), one
//   insert per e-mail, the items sent (1), the rules' last e-mail (1), their webhook jobs (1).
// Each rule's days are stepped in the batch's order, as the jobs would have run one after another, and its
// items go out in one e-mail per recipient. A rule that throws (a bad stored rule, its mail) fails its own
// jobs only; a statement that fails for the batch (one organization's bad data) rolls it back, and the
// batch is evaluated again one rule at a time, so only the jobs that fail alone fail. The mail goes to SMTP
// after the commit.

export type EvaluationItem = { organizationId: number; ruleId: number; day: string };

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * Evaluates the items; answers each one's outcome (null: done), in order. Never throws. The items of an
 * organization that is read-only for billing (docs/BILLING.md) are done without being judged: its alerts
 * stop until it pays, and start again with the next reports or sweep after that.
 */
export async function evaluateBatch(ctx: AppContext, items: EvaluationItem[]): Promise<(Error | null)[]> {
  let lapsed: Set<number>;
  try {
    lapsed = await lapsedOrganizations(
      ctx.db,
      items.map((i) => i.organizationId),
      ctx.config.billing?.trialDays,
      ctx.now(),
    );
  } catch (err) {
    return items.map(() => asError(err));
  }
  const served = items.filter((i) => !lapsed.has(i.organizationId));
  if (served.length === items.length) return evaluateServed(ctx, items);
  const outcomes = served.length ? await evaluateServed(ctx, served) : [];
  const byItem = new Map(served.map((item, k) => [item, outcomes[k] ?? null]));
  return items.map((i) => byItem.get(i) ?? null);
}

async function evaluateServed(ctx: AppContext, items: EvaluationItem[]): Promise<(Error | null)[]> {
  const failed = new Map<string, Error>();
  let sent: number[];
  try {
    // The rate and volume rules read the analytics summaries (./batch-sums.ts): bring them up to date
    // first, in a statement of its own (one cheap statement when nothing is queued).
    await foldSummaries(ctx.db);
    sent = await ctx.db.transaction().execute((trx) => judgeBatch(ctx, trx, items, failed));
  } catch (err) {
    ctx.logger.warn({ err, items: items.length }, 'alert batch failed: evaluating it one rule at a time');
    return oneAtATime(ctx, items);
  }
  ctx.mailer.deliverLater(ctx.db, sent);
  return items.map((i) => failed.get(ruleKey(i.organizationId, i.ruleId)) ?? null);
}

async function oneAtATime(ctx: AppContext, items: EvaluationItem[]): Promise<(Error | null)[]> {
  const out: (Error | null)[] = [];
  for (const i of items) {
    try {
      const ids = await ctx.db
        .transaction()
        .execute((trx) => evaluateRuleDay(ctx, trx, i.organizationId, i.ruleId, i.day));
      ctx.mailer.deliverLater(ctx.db, ids);
      out.push(null);
    } catch (err) {
      out.push(asError(err));
    }
  }
  return out;
}

/** Runs `fn` for one rule; a throw marks the rule failed instead of stopping the batch. */
function guarded<T>(failed: Map<string, Error>, rule: AlertRuleRow, fn: () => T): T | undefined {
  const key = ruleKey(rule.organization_id, rule.id);
  if (failed.has(key)) return undefined;
  try {
    return fn();
  } catch (err) {
    failed.set(key, asError(err));
    return undefined;
  }
}

async function judgeBatch(
  ctx: AppContext,
  db: Db,
  items: EvaluationItem[],
  failed: Map<string, Error>,
): Promise<number[]> {
  const now = ctx.now();
  const rules = new Map(
    (await markEvaluatedMany(db, items, now)).map((r) => [ruleKey(r.organization_id, r.id), r]),
  );
  const domains = await domainsOfRules(db, [...rules.values()]);
  // Gone or inactive rules have nothing to judge (their jobs are done).
  const planned: Planned[] = [];
  items.forEach((item, seq) => {
    const key = ruleKey(item.organizationId, item.ruleId);
    const rule = rules.get(key);
    if (!rule) return;
    const p = guarded(failed, rule, () => plan(seq, rule, item.day, domains.get(key) ?? []));
    if (p) planned.push(p);
  });
  const data = await loadBatchData(db, planned);
  const byRule = new Map<AlertRuleRow, Planned[]>();
  for (const p of planned) byRule.set(p.rule, [...(byRule.get(p.rule) ?? []), p]);

  const ok = () => [...byRule.keys()].filter((r) => !failed.has(ruleKey(r.organization_id, r.id)));
  const states = await statesOfRules(db, ok());
  // The days of the batch an incident already covers: a day judged again after a later recovery does not
  // open a second one (./state.ts). Asked only for the state rules a recovery may have passed (most
  // batches judge days after every recovery); the states move during the batch, so all of them at once.
  const asks = ok().flatMap((rule) => {
    const days = byRule.get(rule)!.map((p) => p.day);
    const from = days.reduce((x, y) => (x < y ? x : y));
    const to = days.reduce((x, y) => (x > y ? x : y));
    const states0 = states.get(ruleKey(rule.organization_id, rule.id))!;
    return kindOf(rule) === 'state' && mayRejudge(states0, from) ? [{ rule, from, to }] : [];
  });
  const fired = await coveredDays(db, asks);
  const writes: StateWrite[] = [];
  const firings: FiringWrite[] = [];
  for (const rule of ok()) {
    const stepped = guarded(failed, rule, () =>
      stepRule(
        rule,
        byRule.get(rule)!,
        states.get(ruleKey(rule.organization_id, rule.id))!,
        data,
        fired,
        now,
      ),
    );
    if (!stepped) continue;
    writes.push(...stepped.writes);
    firings.push(...stepped.firings);
  }
  await writeStates(db, writes, now);
  await insertFirings(db, firings, now);

  const pending = await pendingFirings(db, ok());
  const pendingOf = (rule: AlertRuleRow) => pending.get(ruleKey(rule.organization_id, rule.id)) ?? [];
  // What a rule's cool-down holds goes out at its end (../delivery/held.ts).
  const held = ok().filter((r) => !cooledDown(r, now) && pendingOf(r).length > 0);
  await scheduleHeld(
    db,
    held.map((rule) => ({ rule, at: ruleCooldownEnd(rule)! })),
  );
  const sends = ok()
    .filter((r) => cooledDown(r, now))
    .map((rule) => ({ rule, pending: pendingOf(rule) }));
  // A rule whose mail cannot be written fails alone and keeps its items pending.
  const sent = await sendMany(ctx, db, sends, now, failed);
  return sent;
}

const kindOf = (rule: AlertRuleRow) => conditionById.get(rule.condition as never)?.kind ?? 'state';

/**
 * A rule's days in the batch's order, through the pure evaluators and state machine: the states it leaves
 * (each subject's last) and the firings and recoveries it records. Throws for a bad rule (its alone).
 */
function stepRule(
  rule: AlertRuleRow,
  days: Planned[],
  states: Map<string, SubjectState>,
  data: Map<number, RuleData>,
  fired: Set<string>,
  now: Date,
): { writes: StateWrite[]; firings: FiringWrite[] } {
  const kind = kindOf(rule);
  const current = new Map(states);
  const writes = new Map<string, StateWrite>();
  const firings: FiringWrite[] = [];
  for (const p of days) {
    for (const [subject, verdict] of judgeDay(rule, data.get(p.seq)!, p.day, now)) {
      const moved = step(current.get(subject), verdict, p.day, kind, (d) =>
        fired.has(firedKey(rule, subject, d)),
      );
      if (!moved) continue;
      const opened = current.get(subject)?.day;
      current.set(subject, moved.next);
      writes.set(subject, { rule, subject, next: moved.next, observed: verdict ?? {} });
      if (!moved.transition) continue;
      firings.push({ rule, subject, transition: moved.transition });
      // The days of an incident that closes in the batch are covered for the batch's later days too.
      if (moved.transition.kind === 'recovery' && opened)
        for (let d = opened; d < moved.transition.day; d = addDays(d, 1))
          fired.add(firedKey(rule, subject, d));
    }
  }
  return { writes: [...writes.values()], firings };
}
