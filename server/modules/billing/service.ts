import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { detailError, fieldError, forbidden } from '../../lib/errors';
import { canManageBilling, type Actor } from '../../lib/permissions';
import { billingMessages } from '../../../contract/billing';
import { requireBilling } from './stripe/client';
import { catalogue, findPrice } from './stripe/products';
import { lockOrganization, currentSubscription, setStripeCustomer } from './repo';
import { syncSubscription } from './stripe/sync';
import { trialDaysOf } from './subscriptions/plan';

// The owner's billing actions. Each Stripe create carries an idempotency key built from what it does, so a
// retried request (a double click, a lost answer) reuses the first object instead of making a second.
export function ownOrganization(actor: Actor): number {
  if (actor.organizationId === null || !canManageBilling(actor, { id: actor.organizationId }))
    throw forbidden();
  return actor.organizationId;
}

/** A return address: a path of this site or an absolute URL on PUBLIC_URL's origin (no open redirect). */
export function siteUrl(ctx: AppContext, field: string, value: string): string {
  const base = new URL(ctx.config.publicUrl);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw fieldError(field, billingMessages.badReturnUrl);
  }
  if (url.origin !== base.origin) throw fieldError(field, billingMessages.badReturnUrl);
  return url.toString();
}

/** The organization's Stripe customer, created on first need (keyed by organization, so created once). */
export async function customerOf(db: Db, stripe: Stripe, organizationId: number, email: string) {
  const org = await lockOrganization(db, organizationId);
  if (!org) throw forbidden();
  if (org.stripe_customer_id) return org.stripe_customer_id;
  const customer = await stripe.customers.create(
    { email, name: org.name, metadata: { organization: String(org.id) } },
    { idempotencyKey: `msas-customer-${org.id}` },
  );
  await setStripeCustomer(db, org.id, customer.id);
  return customer.id;
}

/** Statuses of a subscription that is still running: a second one would bill the organization twice. */
const running = ['trialing', 'active', 'past_due', 'incomplete'];

/**
 * One subscription per organization, whichever API starts it (checkout, the legacy payment intent): 409 while
 * one runs (plan changes go through the portal). The organization's row is locked first, so two starts at
 * once are decided one after the other. Answers the newest subscription, if any (a returning customer).
 */
export async function refuseSecondSubscription(db: Db, organizationId: number) {
  if (!(await lockOrganization(db, organizationId))) throw forbidden();
  const current = await currentSubscription(db, organizationId);
  if (current && running.includes(current.status)) throw detailError(409, billingMessages.alreadySubscribed);
  return current;
}

export async function startCheckout(
  ctx: AppContext,
  db: Db,
  actor: Actor & { email: string },
  body: { price: string; success_url: string; cancel_url: string },
) {
  const { settings, stripe } = requireBilling(ctx);
  const organizationId = ownOrganization(actor);
  const success = siteUrl(ctx, 'success_url', body.success_url);
  const cancel = siteUrl(ctx, 'cancel_url', body.cancel_url);
  const offer = findPrice(await catalogue(settings, Date.now()), body.price);
  if (!offer) throw fieldError('price', billingMessages.unknownPrice);
  const current = await refuseSecondSubscription(db, organizationId);
  const customer = await customerOf(db, stripe, organizationId, actor.email);
  // One trial per organization: a returning customer pays from the first day.
  const trial = current ? null : trialDaysOf(offer.product, offer.price);
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    customer,
    client_reference_id: String(organizationId),
    line_items: [{ price: offer.price.id, quantity: 1 }],
    subscription_data: {
      metadata: { organization: String(organizationId) },
      ...(trial ? { trial_period_days: trial } : {}),
    },
    metadata: { organization: String(organizationId) },
    success_url: `${success}${success.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: cancel,
  };
  // The same request within a minute (a double click) reuses the first session; any other is a new one.
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 24);
  const key = `msas-checkout-${organizationId}-${digest}-${Math.floor(ctx.now().getTime() / 60_000)}`;
  const session = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
  return { id: session.id, url: session.url ?? '', success_url: success, cancel_url: cancel };
}

export async function openPortal(ctx: AppContext, db: Db, actor: Actor, returnUrl: string) {
  const { stripe } = requireBilling(ctx);
  const organizationId = ownOrganization(actor);
  const back = siteUrl(ctx, 'return_url', returnUrl);
  const org = await lockOrganization(db, organizationId);
  if (!org?.stripe_customer_id) throw detailError(409, billingMessages.noCustomer);
  const session = await stripe.billingPortal.sessions.create(
    { customer: org.stripe_customer_id, return_url: back },
    { idempotencyKey: `msas-portal-${organizationId}-${ctx.now().getTime()}` },
  );
  return { url: session.url, return_url: back };
}

/** end_trial (trial_end now), cancel (at the period's end) and resume: Stripe first, then the row re-read. */
export async function changeSubscription(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  change: 'end_trial' | 'cancel' | 'resume',
  outbox: number[],
) {
  const { stripe } = requireBilling(ctx);
  const organizationId = ownOrganization(actor);
  const current = await currentSubscription(db, organizationId);
  if (!current || ['canceled', 'incomplete_expired'].includes(current.status))
    throw detailError(404, billingMessages.noSubscription);
  if (change === 'end_trial' && current.status !== 'trialing')
    throw detailError(409, billingMessages.noTrial);
  const params: Stripe.SubscriptionUpdateParams =
    change === 'end_trial' ? { trial_end: 'now' } : { cancel_at_period_end: change === 'cancel' };
  await stripe.subscriptions.update(current.stripe_subscription_id, params, {
    idempotencyKey: `msas-${change}-${current.stripe_subscription_id}-${ctx.now().getTime()}`,
  });
  await syncSubscription(
    ctx,
    db,
    stripe,
    current.stripe_subscription_id,
    {},
    `subscription.${change}`,
    outbox,
  );
  return (await currentSubscription(db, organizationId))!;
}
