import type { AppContext } from '../../../context';
import type { Job } from '../../../jobs/job';
import { deliverInBackground } from '../../../mail/app-mail';
import { stripeOf } from './client';
import { liveSubscriptions } from '../repo';
import { syncSubscription } from './sync';

// The nightly reconciliation (docs/BILLING.md): a webhook can be lost for good (an endpoint down longer than
// Stripe's three days of retries, a secret rotated mid-delivery), so every subscription Stripe may still change
// is re-read and written again; a row that drifted is repaired. One transaction per subscription, so one
// failure does not undo the others.
export async function reconcileSubscriptions(ctx: AppContext): Promise<{ checked: number; failed: number }> {
  const settings = ctx.config.billing;
  if (!settings) return { checked: 0, failed: 0 };
  const stripe = stripeOf(settings);
  let checked = 0;
  let failed = 0;
  for (const row of await liveSubscriptions(ctx.db)) {
    const outbox: number[] = [];
    try {
      await ctx.db
        .transaction()
        .execute((trx) =>
          syncSubscription(ctx, trx, stripe, row.stripe_subscription_id, {}, 'reconcile', outbox),
        );
      deliverInBackground(ctx, outbox);
      checked += 1;
    } catch (error) {
      failed += 1;
      ctx.logger.warn(
        { err: error, subscription: row.stripe_subscription_id },
        'billing reconciliation failed',
      );
    }
  }
  return { checked, failed };
}

export function reconcileBillingJob(): Job {
  return {
    name: 'billing-reconcile',
    cron: '17 3 * * *',
    // Each subscription commits on its own, and the job waits on Stripe's API.
    inTransaction: false,
    expireInSeconds: 3600,
    run: async (ctx) => {
      const result = await reconcileSubscriptions(ctx);
      ctx.logger.info(result, 'billing reconciliation');
    },
  };
}
