import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { enqueueMany } from '../../jobs/queue';
import type { Job } from '../../jobs/job';
import { addDays } from './evaluation/evaluators';
import { newBudget, sweepBlocklistRule } from './evaluation/blocklist';
import { evaluateBatch, type EvaluationItem } from './evaluation/batch';
import { sendPending, webhookQueue } from './delivery/send';
import { checkConditions, liveConditions as live, settledDay } from './evaluation/judge';
import { findRule, lockRule, rulesToQueue } from './repo';
import { catalogue } from './rules/catalogue';
import { deliverWebhook } from './delivery/webhook';
import { heldMailQueue } from './delivery/held';
import { lapsedOrganizations } from '../shared/billing-access';

// The alert jobs (server/jobs/registry.ts): evaluation of a rule for a day, queued by ingestion in its own
// transaction; the hourly sweep for the absence conditions (and for held mail a job missed); the send of mail
// held by a cool-down, at its end; the webhook.

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
 * transaction (so a rolled-back batch queues nothing). At most one per rule and day waits at a time. Two
 * statements of ours whatever the number of rules: the rules (with their groups' domains), then one insert
 * of all the jobs.
 */
export async function queueAlertEvaluations(
  db: Db,
  touched: Touched[],
  source: 'reports' | 'dns' | 'check' = 'reports',
  now = new Date(),
): Promise<void> {
  if (touched.length === 0) return;
  const byOrg = new Map<number, Touched[]>();
  for (const t of touched) byOrg.set(t.organizationId, [...(byOrg.get(t.organizationId) ?? []), t]);
  const fed = catalogue.map((c) => c.id).filter((c) => fedBy(c, source));
  const rules = await rulesToQueue(db, [...byOrg.keys()], fed);
  const jobs = new Map<string, { data: Record<string, unknown>; singletonKey: string }>();
  for (const rule of rules) {
    const mine = byOrg.get(rule.organization_id) ?? [];
    let days: string[];
    if (rule.scope_type === 'organization' || rule.scope_type === 'ip') days = mine.map((t) => t.day);
    else if (rule.scope_type === 'domain')
      days = mine.filter((t) => t.domain === rule.target_selection).map((t) => t.day);
    else {
      const domains = new Set(rule.group_domains);
      days = mine.filter((t) => domains.has(t.domain)).map((t) => t.day);
    }
    // A report ends a silence as of the last complete day, whichever day it covers.
    if (rule.condition === 'no_reports' && days.length) days = [yesterday(now)];
    for (const day of days) {
      const singletonKey = `${rule.organization_id}:${rule.id}:${day}`;
      jobs.set(singletonKey, {
        data: { organizationId: rule.organization_id, ruleId: rule.id, day },
        singletonKey,
      });
    }
  }
  await enqueueMany(db, evaluateQueue, [...jobs.values()]);
}

// Re-checks feed the conditions on their results (every re-check) and DNS changes (a re-check that stored a
// change); reports feed all the others.
function fedBy(condition: string, source: 'reports' | 'dns' | 'check'): boolean {
  if (live.has(condition)) return false;
  if (condition === 'dns_change') return source === 'dns';
  if (checkConditions.has(condition)) return source !== 'reports';
  return source === 'reports';
}

/**
 * Evaluations a worker fetches and judges at once (./evaluation/batch.ts): a round's cost is per batch, not
 * per rule.
 */
export const evaluateBatchSize = 1000;

const asItem = (data: unknown) => data as EvaluationItem;

export function alertEvaluateJob(): Job {
  return {
    name: evaluateQueue,
    policy: 'short',
    batchSize: evaluateBatchSize,
    // Its own transaction, so the mail it queued is handed to SMTP right after the commit.
    inTransaction: false,
    runBatch: (ctx, items) =>
      evaluateBatch(
        ctx,
        items.map((i) => asItem(i.data)),
      ),
    run: async (ctx) => {
      const [err] = await evaluateBatch(ctx, [asItem(ctx.data)]);
      if (err) throw err;
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
      // A drop in volume is judged once the day has settled (./evaluation/judge.ts).
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
        .execute()
        .then(async (all) => {
          // An organization read-only for billing has its alerts stopped (docs/BILLING.md).
          const lapsed = await lapsedOrganizations(
            ctx.db,
            all.map((r) => r.organization_id),
            ctx.config.billing?.trialDays,
            ctx.now(),
          );
          return all.filter((r) => !lapsed.has(r.organization_id));
        });
      const errors: Error[] = [];
      // The absence conditions, judged in batches as the queue's evaluations are.
      const judged = rules
        .filter((r) => absence.has(r.condition))
        .map((r) => ({
          organizationId: r.organization_id,
          ruleId: Number(r.id),
          day: r.condition === 'volume_change' ? settled : day,
        }));
      for (let i = 0; i < judged.length; i += evaluateBatchSize)
        for (const err of await evaluateBatch(ctx, judged.slice(i, i + evaluateBatchSize)))
          if (err) errors.push(err);
      const budget = newBudget();
      for (const r of rules.filter((x) => !absence.has(x.condition))) {
        const organizationId = r.organization_id;
        const ruleId = Number(r.id);
        try {
          if (live.has(r.condition)) {
            // Lookups first, outside a transaction; then judge and send in one.
            ctx.mailer.deliverLater(ctx.db, await sweepBlocklistRule(ctx, organizationId, ruleId, budget));
            continue;
          }
          // Mail a cool-down held back.
          const ids = await ctx.db.transaction().execute(async (trx) => {
            const rule = await findRule(trx, ruleId, organizationId);
            return rule?.is_active ? sendPending(ctx, trx, rule, ctx.now()) : [];
          });
          ctx.mailer.deliverLater(ctx.db, ids);
        } catch (err) {
          errors.push(err instanceof Error ? err : new Error(String(err)));
        }
      }
      // One rule's failure does not stop the others; the sweep fails (and is retried) once they all ran.
      for (const err of errors) ctx.logger.error({ err }, 'alert sweep: a rule failed');
      if (errors.length)
        throw new Error(`alert sweep: ${errors.length} rule(s) failed`, { cause: errors[0] });
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

/** Sends what a rule's cool-down held, when it ends (./delivery/held.ts). */
export function alertHeldMailJob(): Job {
  return {
    name: heldMailQueue,
    inTransaction: false,
    run: async (ctx) => {
      const { organizationId, ruleId } = ctx.data as { organizationId: number; ruleId: number };
      // An organization read-only for billing has its alerts stopped (docs/BILLING.md).
      const lapsed = await lapsedOrganizations(
        ctx.db,
        [organizationId],
        ctx.config.billing?.trialDays,
        ctx.now(),
      );
      if (lapsed.has(organizationId)) return;
      const ids = await ctx.db.transaction().execute(async (trx) => {
        // Locked as an evaluation locks it, so the two never send the same items.
        const rule = await lockRule(trx, ruleId, organizationId);
        return rule?.is_active ? sendPending(ctx, trx, rule, ctx.now()) : [];
      });
      ctx.mailer.deliverLater(ctx.db, ids);
    },
  };
}
