import type { AlertCreateBody } from '../../../../contract/alerts';
import type { AppContext } from '../../../context';
import { forbidden } from '../../../lib/errors';
import { type Actor, isSupport } from '../../../lib/permissions';
import { conditionById } from '../rules/catalogue';
import { addDays, type Observed } from './evaluators';
import { judgeDay, liveConditions, loadRuleData } from './judge';
import type { AlertRuleRow } from '../repo';
import { checkRule } from '../rules/rules';
import { type SubjectState, step } from './state';

// POST /alerts/backtest/: the rule as the form holds it, judged on each of the last 30 complete days of the
// organization's data, oldest first, through the same evaluators and state machine as live evaluation, from
// an empty state. It answers the firings (subject and day) live evaluation would have recorded.

export const backtestDays = 30;

export async function backtestRule(ctx: AppContext, actor: Actor, body: AlertCreateBody) {
  if (isSupport(actor) || actor.organizationId === null) throw forbidden();
  const checked = await checkRule(ctx.db, actor, actor.organizationId, body);
  const rule = {
    organization_id: actor.organizationId,
    id: 0,
    scope_type: body.scope_type,
    target_selection: checked.target,
    condition: body.condition,
    time_frame: body.time_frame,
    params: checked.params,
  } as AlertRuleRow;
  const to = addDays(ctx.now().toISOString().slice(0, 10), -1);
  const from = addDays(to, -(backtestDays - 1));
  // Blocklist state is only known as of each live lookup: no history to replay, and no zero to make up.
  if (liveConditions.has(rule.condition))
    return { data: { from, to, available: false, fired_count: null, days: [] } };
  return { data: await replay(ctx, rule, from, to) };
}

/** Steps the rule through the days from..to, as live evaluation of each day in order would. */
export async function replay(ctx: AppContext, rule: AlertRuleRow, from: string, to: string) {
  const data = await loadRuleData(ctx.db, rule, from, to);
  const kind = conditionById.get(rule.condition as never)?.kind ?? 'state';
  const states = new Map<string, SubjectState>();
  const days: { day: string; subjects: { subject: string; observed: Observed }[] }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const fired: { subject: string; observed: Observed }[] = [];
    for (const [subject, verdict] of judgeDay(rule, data, day, ctx.now())) {
      const moved = step(states.get(subject), verdict, day, kind);
      if (!moved) continue;
      states.set(subject, moved.next);
      if (moved.transition?.kind === 'firing') fired.push({ subject, observed: moved.transition.observed });
    }
    if (fired.length) days.push({ day, subjects: fired.sort((a, b) => a.subject.localeCompare(b.subject)) });
  }
  return { from, to, available: true, fired_count: days.reduce((n, d) => n + d.subjects.length, 0), days };
}
