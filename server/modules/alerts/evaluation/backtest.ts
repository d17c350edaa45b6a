import type { AlertCreateBody } from '../../../../contract/alerts';
import type { AppContext } from '../../../context';
import { forbidden } from '../../../lib/errors';
import { type Actor, isSupport } from '../../../lib/permissions';
import { conditionById } from '../rules/catalogue';
import { addDays, type Observed } from './evaluators';
import { judgeDay, liveConditions, loadRuleData } from './judge';
import type { AlertRuleRow } from '../repo';
import { checkRule } from '../rules/rules';
import { type SubjectState, step, type Transition } from './state';
import { dayFigures, dayState, orderRows, type TimelineDay, type TimelineRow } from './timeline';

// POST /alerts/backtest/: the rule as the form holds it, judged on each of the last 30 complete days of the
// organization's data, oldest first, through the same evaluators and state machine as live evaluation, from
// an empty state. It answers the firings (subject and day) live evaluation would have recorded, and the
// timeline of each subject's days (./timeline.ts) that the form draws.

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
    return {
      data: { from, to, available: false, fired_count: null, days: [], timeline: [], timeline_subjects: 0 },
    };
  return { data: await replay(ctx, rule, from, to) };
}

/** Steps the rule through the days from..to, as live evaluation of each day in order would. */
export async function replay(ctx: AppContext, rule: AlertRuleRow, from: string, to: string) {
  const data = await loadRuleData(ctx.db, rule, from, to);
  const kind = conditionById.get(rule.condition as never)?.kind ?? 'state';
  const states = new Map<string, SubjectState>();
  const days: { day: string; subjects: { subject: string; observed: Observed }[] }[] = [];
  const rows = new Map<string, TimelineRow>();
  const judged: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const fired: { subject: string; observed: Observed }[] = [];
    const verdicts = judgeDay(rule, data, day, ctx.now());
    const figures = dayFigures(rule, data, day, ctx.now());
    const transitions = new Map<string, Transition>();
    for (const [subject, verdict] of verdicts) {
      if (!rows.has(subject)) rows.set(subject, { subject, days: judged.map(notJudged(kind)) });
      const moved = step(states.get(subject), verdict, day, kind);
      if (!moved) continue;
      states.set(subject, moved.next);
      if (moved.transition) transitions.set(subject, moved.transition);
      if (moved.transition?.kind === 'firing') fired.push({ subject, observed: moved.transition.observed });
    }
    for (const [subject, row] of rows) {
      const verdict = verdicts.get(subject);
      const transition = transitions.get(subject) ?? null;
      row.days.push({
        day,
        state: dayState(states.get(subject), verdict, transition, kind),
        fired: transition?.kind === 'firing',
        observed: verdict ?? figures.get(subject) ?? {},
      });
    }
    judged.push(day);
    if (fired.length) days.push({ day, subjects: fired.sort((a, b) => a.subject.localeCompare(b.subject)) });
  }
  return {
    from,
    to,
    available: true,
    fired_count: days.reduce((n, d) => n + d.subjects.length, 0),
    days,
    timeline: orderRows([...rows.values()]),
    timeline_subjects: rows.size,
  };
}

/** The days before a subject's first verdict: nothing judged (an event condition: nothing happened). */
const notJudged =
  (kind: 'state' | 'event') =>
  (day: string): TimelineDay => ({
    day,
    state: dayState(undefined, undefined, null, kind),
    fired: false,
    observed: {},
  });
