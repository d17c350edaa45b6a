import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import type { AppContext } from '../../../context';
import { fieldError } from '../../../lib/errors';
import { deliverInBackground } from '../../../mail/app-mail';
import { requireBilling } from './client';
import { notifyTrialEnding } from '../subscriptions/notify';
import { claimEvent } from '../repo';
import { syncInvoice, syncSubscription, type Applied } from './sync';
import type { Db } from '../../../db/database';
import { routeOf } from '../../../lib/operation';
import { billingOps } from '../../../../contract/operations/billing';

// POST /api/pg/stripe/webhook/ (docs/BILLING.md, "Webhooks"): Stripe's events, verified by Stripe-Signature on
// the raw body (a five-minute tolerance against replays), each applied once by event id. The answer is 200
// once the event is applied or known; 400 for a bad signature; 5xx when Stripe could not be read, so Stripe
// retries it later.
export const webhookTolerance = 300;

/** The event types applied; the endpoint subscribes to these (docs/BILLING.md, "Turning it on"). */
export const handledEvents: ReadonlySet<string> = new Set<string>([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.finalized',
  'invoice.payment_succeeded',
  'invoice.marked_uncollectible',
  'invoice.voided',
]);

type EventObject = {
  id?: string;
  customer?: string | { id: string } | null;
  subscription?: string | { id: string } | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  parent?: {
    subscription_details?: {
      subscription?: string | { id: string };
      metadata?: Record<string, string> | null;
    } | null;
  } | null;
};
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** Applies one verified event inside `db` (a transaction); answers what changed, if anything. */
export async function applyEvent(
  ctx: AppContext,
  db: Db,
  stripe: Stripe,
  event: Stripe.Event,
  outbox: number[],
): Promise<Applied | null> {
  if (!handledEvents.has(event.type)) return null;
  const object = event.data.object as EventObject;
  const cause = event.type;
  if (event.type === 'checkout.session.completed') {
    // The session is re-read too: its subscription and customer are what Stripe holds now.
    const session = await stripe.checkout.sessions.retrieve(object.id!);
    const subscription = idOf(session.subscription);
    if (session.mode !== 'subscription' || !subscription) return null;
    return syncSubscription(
      ctx,
      db,
      stripe,
      subscription,
      { organization: session.client_reference_id, customerId: idOf(session.customer) },
      cause,
      outbox,
    );
  }
  if (event.type.startsWith('invoice.')) {
    const organizationId = await syncInvoice(ctx, db, stripe, object.id!);
    const details = object.parent?.subscription_details;
    const subscription = idOf(details?.subscription);
    if (!subscription) return null;
    return syncSubscription(
      ctx,
      db,
      stripe,
      subscription,
      { organization: details?.metadata?.organization, customerId: idOf(object.customer), organizationId },
      cause,
      outbox,
    );
  }
  const applied = await syncSubscription(
    ctx,
    db,
    stripe,
    object.id!,
    { organization: object.metadata?.organization, customerId: idOf(object.customer) },
    cause,
    outbox,
  );
  if (applied && event.type === 'customer.subscription.trial_will_end') {
    const row = await db
      .selectFrom('billing_subscriptions')
      .select(['product_name', 'trial_end', 'status'])
      .where('organization_id', '=', applied.organizationId)
      .where('stripe_subscription_id', '=', object.id!)
      .executeTakeFirst();
    if (row?.status === 'trialing' && row.trial_end)
      await notifyTrialEnding(ctx, db, applied.organizationId, row.product_name ?? '', row.trial_end, outbox);
  }
  return applied;
}

export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // This plugin's JSON stays a string: the signature covers the exact bytes Stripe sent.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.route({
      ...routeOf(app.prefix, billingOps.webhook),
      handler: async (request, reply) => {
        const { settings, stripe } = requireBilling(ctx);
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          if (typeof signature !== 'string' || typeof request.body !== 'string') throw new Error('unsigned');
          event = stripe.webhooks.constructEvent(
            request.body,
            signature,
            settings.webhookSecret,
            webhookTolerance,
          );
        } catch {
          request.log.warn('stripe webhook refused: signature did not verify');
          throw fieldError('stripe_signature', 'webhook_signature');
        }
        const outbox: number[] = [];
        const applied = await ctx.db.transaction().execute(async (trx) => {
          if (!(await claimEvent(trx, event.id, event.type, new Date(event.created * 1000), ctx.now())))
            return 'replayed';
          const result = await applyEvent(ctx, trx, stripe, event, outbox);
          return result ? 'applied' : 'ignored';
        });
        deliverInBackground(ctx, outbox);
        request.log.info({ event: event.id, type: event.type, outcome: applied }, 'stripe webhook');
        return reply.code(200).send({ received: true as const, outcome: applied });
      },
    });
  };
}
