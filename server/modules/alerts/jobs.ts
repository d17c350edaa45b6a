import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { enqueue } from '../../jobs/queue';
import type { Job } from '../../jobs/job';
import { addDays } from './evaluators';
import { newBudget, sweepBlocklistRule } from './blocklist';
import { evaluateRuleDay, sendPending, webhookQueue } from './evaluate';
import { checkConditions, liveConditions as live, settledDay } from './judge';
import { activeRulesOf, groupDomainsOf } from './repo';
import { deliverWebhook } from './webhook';

// The alert jobs (server/jobs/registry.ts): evaluation of a rule for a day, queued by ingestion in its own
// transaction; the hourly sweep for the absence conditions and for mail held by a cool-down; the webhook.

export const evaluateQueue = 'alert-evaluate';
/** Conditions about what did not arrive: judged for the last complete day by the sweep. */
const absence = new Set(['no_reports', 'volume_change']);

type Touched = { organizationId: number; domain: string; day: string };

const yesterday = (now: Date) => addDays(now.toISOString().slice(0, 10), -1);

/**
 * After a re-check: the rules on its stored results judge its day; when it stored a change of the domain's
 * DNS history (`changed`), the DNS change rules judge it too.
 */
export async function queueDnsEvaluations(db: Db, domainId: number, at: Date, changed = true): Promise<void> {
  const domain = await db
    .selectFrom('domains')
    .select(['organization_id', 'name'])
    .where('id', '=', domainId)
    .executeTakeFirst();
  if (!domain) return;
  const day = at.toISOString().slice(0, 10);
  await queueAlertEvaluations(
    db,
    [{ organizationId: domain.organization_id, domain: domain.name, day }],
    changed ? 'dns' : 'check',
  );
}

/**
 * After an ingest batch: one evaluation per active rule and day the batch's reports cover, in the batch's
 * transaction (so a rolled-back batch queues nothing). At most one per rule and day waits at a time.
 */
export async function queueAlertEvaluations(
  db: Db,
  touched: Touched[],
  source: 'reports' | 'dns' | 'check' = 'reports',
  now = new Date(),
): Promise<void> {
  if (touched.length === 0) return;
  const rules = (await activeRulesOf(db, [...new Set(touched.map((t) => t.organizationId))])).filter((r) =>
    fedBy(r.condition, source),
  );
  const groups = await groupDomainsOf(db, rules);
  for (const rule of rules) {
    const mine = touched.filter((t) => t.organizationId === rule.organization_id);
    let days: string[];
    if (rule.scope_type === 'organization' || rule.scope_type === 'ip') days = mine.map((t) => t.day);
    else if (rule.scope_type === 'domain')
      days = mine.filter((t) => t.domain === rule.target_selection).map((t) => t.day);
    else {
      const domains = groups.get(`${rule.organization_id}:${rule.target_selection}`) ?? new Set();
      days = mine.filter((t) => domains.has(t.domain)).map((t) => t.day);
    }
    // A report ends a silence as of the last complete day, whichever day it covers.
    if (rule.condition === 'no_reports' && days.length) days = [yesterday(now)];
    for (const day of new Set(days))
      await enqueue(
        db,
        evaluateQueue,
        { organizationId: rule.organization_id, ruleId: rule.id, day },
        { singletonKey: `${rule.organization_id}:${rule.id}:${day}` },
      );
  }
}

// Re-checks feed the conditions on their results (every re-check) and DNS changes (a re-check that stored a
// change); reports feed all the others.
function fedBy(condition: string, source: 'reports' | 'dns' | 'check'): boolean {
  if (live.has(condition)) return false;
  if (condition === 'dns_change') return source === 'dns';
  if (checkConditions.has(condition)) return source !== 'reports';
  return source === 'reports';
}

export function alertEvaluateJob(): Job {
  return {
    name: evaluateQueue,
    policy: 'short',
    // Its own transaction, so the mail it queued is handed to SMTP right after the commit.
    inTransaction: false,
    run: async (ctx) => {
      const { organizationId, ruleId, day } = ctx.data as {
        organizationId: number;
        ruleId: number;
        day: string;
      };
      const ids = await ctx.db
        .transaction()
        .execute((trx) => evaluateRuleDay(ctx, trx, organizationId, ruleId, day));
      ctx.mailer.deliverLater(ctx.db, ids);
    },
  };
}

export function alertSweepJob(): Job {
  return {
    name: 'alert-sweep',
    cron: '17 * * * *',
    inTransaction: false,
    run: async (ctx) => {
      const day = yesterday(ctx.now());
      // A drop in volume is judged once the day has settled (./judge.ts).
      const settled = settledDay(ctx.now());
      const rules = await ctx.db
        .selectFrom('alert_rules')
        .select(['organization_id', 'id', 'condition'])
        .where('is_active', '=', true)
        .where((eb) =>
          eb.or([
            eb('condition', 'in', [...absence, ...live]),
            eb.exists(
              eb
                .selectFrom('alert_firings as f')
                .select(sql`1`.as('x'))
                .whereRef('f.organization_id', '=', 'alert_rules.organization_id')
                .whereRef('f.rule_id', '=', 'alert_rules.id')
                .where('f.pending', '=', true),
            ),
          ]),
        )
        .orderBy('organization_id')
        .orderBy('id')
        .execute();
      const budget = newBudget();
      for (const r of rules) {
        const organizationId = r.organization_id;
        const ruleId = Number(r.id);
        if (live.has(r.condition)) {
          // Lookups first, outside a transaction; then judge and send in one.
          ctx.mailer.deliverLater(ctx.db, await sweepBlocklistRule(ctx, organizationId, ruleId, budget));
          continue;
        }
        const ids = await ctx.db.transaction().execute(async (trx) => {
          if (absence.has(r.condition))
            return evaluateRuleDay(
              ctx,
              trx,
              organizationId,
              ruleId,
              r.condition === 'volume_change' ? settled : day,
            );
          const [rule] = await activeRulesOf(trx, [organizationId]).then((all) =>
            all.filter((x) => x.id === ruleId),
          );
          return rule ? sendPending(ctx, trx, rule, ctx.now()) : [];
        });
        ctx.mailer.deliverLater(ctx.db, ids);
      }
    },
  };
}

export function alertWebhookJob(): Job {
  return {
    name: webhookQueue,
    inTransaction: false,
    retryLimit: 5,
    retryDelaySeconds: 30,
    run: (ctx) =>
      deliverWebhook(ctx, ctx.data as { organizationId: number; ruleId: number; firingIds: number[] }),
  };
}
