import Stripe from 'stripe';
import { startStripeFake, type StripeFake } from '../../support/stripe-fake';
import type { Delivery } from '../../support/stripe-fake/webhooks';
import { startTestApp, type TestApp } from './app';
import { call } from './orgs';

// The billing tests' common ground: the Stripe-shaped fake, an app pointed at it, a plan, Checkout and
// webhook deliveries through the real route.
export type BillingApp = { fake: StripeFake; stripe: Stripe; t: TestApp; priceId: string };

/** The fake with one monthly EUR 15 plan (`metadata` on its product), and an app with billing on. */
export async function startBillingApp(
  metadata: Record<string, string> = {},
  env: Record<string, string> = {},
  fake?: StripeFake,
): Promise<BillingApp> {
  fake ??= await startStripeFake();
  const stripe = new Stripe(fake.apiKey, { ...fake.sdk, maxNetworkRetries: 0 });
  const product = await stripe.products.create({ name: 'Team', metadata });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'eur',
    unit_amount: 1500,
    recurring: { interval: 'month' },
  });
  const t = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.apiKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: 'http://app.test',
      ...env,
    },
  });
  return { fake, stripe, t, priceId: price.id };
}

/** Each delivery POSTed to the webhook route in turn; every one must answer 200. Answers the outcomes. */
export async function sendDeliveries(t: TestApp, list: Delivery[]): Promise<string[]> {
  const outcomes: string[] = [];
  for (const d of list) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pg/stripe/webhook/',
      headers: d.headers,
      payload: d.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    outcomes.push(res.json<{ outcome: string }>().outcome);
  }
  return outcomes;
}

/** The owner's POST /payments/checkout/ for the plan, back to the subscription page. */
export const checkoutCall = (b: BillingApp, token: string) =>
  call(b.t, 'POST', '/api/pg/payments/checkout/', token, {
    price: b.priceId,
    success_url: '/msas/settings/subscriptions',
    cancel_url: '/msas/settings/subscriptions',
  });

/** Checkout paid on the fake's hosted page and its events delivered: the organization is subscribed. */
export async function subscribe(b: BillingApp, token: string): Promise<string> {
  const from = b.fake.mark();
  const session = await checkoutCall(b, token);
  expect(session.statusCode, session.body).toBe(200);
  const paid = b.fake.payCheckout(session.json<{ id: string }>().id);
  await sendDeliveries(b.t, b.fake.deliveries(b.fake.events(from)));
  return paid.subscription as string;
}
