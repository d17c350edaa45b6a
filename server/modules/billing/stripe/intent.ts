import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { fieldError } from '../../../lib/errors';
import type { Actor } from '../../../lib/permissions';
import { billingMessages } from '../../../../contract/billing';
import { requireBilling } from './client';
import { catalogue, findPrice } from './products';
import { customerOf, ownOrganization, refuseSecondSubscription } from '../service';
import { syncSubscription } from './sync';

// The legacy host's payment intent: a subscription whose first invoice waits for the card (its client
// secret goes to the page that takes the card). One subscription per organization, as Checkout.

export async function startPaymentIntent(
  ctx: AppContext,
  db: Db,
  actor: Actor & { email: string },
  priceId: string,
  outbox: number[],
) {
  const { settings, stripe } = requireBilling(ctx);
  const organizationId = ownOrganization(actor);
  const offer = findPrice(await catalogue(settings, Date.now()), priceId);
  if (!offer) throw fieldError('priceId', billingMessages.unknownPrice);
  await refuseSecondSubscription(db, organizationId);
  const customer = await customerOf(db, stripe, organizationId, actor.email);
  const sub = await stripe.subscriptions.create(
    {
      customer,
      items: [{ price: offer.price.id }],
      payment_behavior: 'default_incomplete',
      metadata: { organization: String(organizationId) },
      expand: ['latest_invoice.confirmation_secret'],
    },
    // One key per call, which the SDK's own retries reuse. A double click needs no shared key: the second
    // call waits for the organization's row and then finds this subscription (409). A key shared by calls
    // would replay a subscription cancelled below to the owner's next try.
    { idempotencyKey: `msas-intent-${organizationId}-${randomUUID()}` },
  );
  try {
    await syncSubscription(
      ctx,
      db,
      stripe,
      sub.id,
      { customerId: customer },
      'legacy.payment_intent',
      outbox,
    );
  } catch (error) {
    // Stripe failed after it made the subscription: msas rolls back and knows nothing of it, so it is
    // cancelled rather than left waiting for a card nobody will be asked for (no half subscription).
    await cancelQuietly(ctx, stripe, sub.id);
    throw error;
  }
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  return { subscriptionId: sub.id, clientSecret: invoice?.confirmation_secret?.client_secret ?? null };
}

async function cancelQuietly(ctx: AppContext, stripe: Stripe, id: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(id, {}, { idempotencyKey: `msas-intent-undo-${id}` });
  } catch (error) {
    // Stripe still down: the subscription stays incomplete and expires on its own after 23 hours.
    ctx.logger.warn({ err: error, subscription: id }, 'incomplete subscription left at Stripe');
  }
}
