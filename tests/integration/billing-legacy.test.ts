import type Stripe from 'stripe';
import type { StripeFake } from '../support/stripe-fake';
import { sendDeliveries, startBillingApp } from './support/billing';
import type { TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// The legacy payment host (docs/BILLING.md, "Legacy payment host") end to end against the Stripe-shaped fake:
// customer, checkout, payment intent, invoices, subscriptions, portal and cancel_subscription (201), each as
// Stripe then holds it; another organization's customer or subscription is 404.
let fake: StripeFake;
let stripe: Stripe;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let priceId: string;
let customerId: string;
let checkoutUrl: string;

const legacy = (method: string, path: string, token: string, body?: unknown) =>
  call(t, method, `/legacy-payments${path}`, token, body);

beforeAll(async () => {
  ({ fake, stripe, t, priceId } = await startBillingApp());
  a = await seedTenant(t, 'Legacy A', 'legacy-a.example.com');
  b = await seedTenant(t, 'Legacy B', 'legacy-b.example.com');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

it('creates the customer once, and opens a Checkout page for a price', async () => {
  const first = await legacy('POST', '/customer', a.tokens.owner, {});
  expect(first.statusCode, first.body).toBe(200);
  customerId = first.json<{ customerId: string }>().customerId;
  expect(customerId).toMatch(/^cus_/);
  const again = await legacy('POST', '/customer', a.tokens.owner, { email: 'billing@legacy-a.example.com' });
  expect(again.json()).toEqual({ customerId });
  expect((await stripe.customers.retrieve(customerId)) as Stripe.Customer).toMatchObject({
    metadata: { organization: String(a.org.id) },
  });

  const checkout = await legacy('POST', '/payments/checkout', a.tokens.owner, {
    priceId,
    successUrl: '/msas/settings/subscriptions',
    cancelUrl: '/msas/settings/subscriptions',
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  checkoutUrl = checkout.json<{ url: string }>().url;
  expect(checkoutUrl).toContain('/c/pay/cs_');
});

it('starts a subscription whose first invoice waits for the card, with its client secret', async () => {
  const intent = await legacy('POST', '/subscription/payment-intent', a.tokens.owner, { priceId });
  expect(intent.statusCode, intent.body).toBe(200);
  const { subscriptionId, clientSecret } = intent.json<{ subscriptionId: string; clientSecret: string }>();
  expect(subscriptionId).toMatch(/^sub_/);
  expect(clientSecret).toMatch(/_secret_/);
  expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('incomplete');
  const row = await t.db
    .selectFrom('billing_subscriptions')
    .select(['status', 'stripe_customer_id'])
    .where('organization_id', '=', a.org.id)
    .where('stripe_subscription_id', '=', subscriptionId)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: 'incomplete', stripe_customer_id: customerId });
  const unknown = await legacy('POST', '/subscription/payment-intent', a.tokens.owner, {
    priceId: 'price_x',
  });
  expect(unknown.statusCode).toBe(400);
});

it("lists the customer's invoices and subscriptions as Stripe holds them", async () => {
  // The Checkout page is paid: an active subscription and a paid invoice beside the incomplete one.
  const sessionId = /\/c\/pay\/(cs_\w+)/.exec(checkoutUrl)![1]!;
  const from = fake.mark();
  const session = fake.payCheckout(sessionId);
  // Its webhooks make the new subscription known to msas (cancel_subscription acts on known ones only).
  await sendDeliveries(t, fake.deliveries(fake.events(from), { order: 'shuffle' }));
  const invoices = await legacy('GET', `/invoices/listInvoices?customer=${customerId}`, a.tokens.owner);
  expect(invoices.statusCode, invoices.body).toBe(200);
  const list = invoices.json<{ invoices: Record<string, unknown>[] }>().invoices;
  expect(list).toContainEqual(
    expect.objectContaining({ status: 'paid', amount_paid: 1500, currency: 'eur' }),
  );
  expect(list).toContainEqual(expect.objectContaining({ status: 'open', amount_paid: 0 }));
  expect(list.every((i) => typeof i.invoice_pdf === 'string')).toBe(true);

  const subs = await legacy('GET', `/subscriptions?customer=${customerId}`, a.tokens.owner);
  expect(subs.statusCode, subs.body).toBe(200);
  const byId = new Map(
    subs
      .json<{ subscriptions: { id: string; status: string; price: string }[] }>()
      .subscriptions.map((s) => [s.id, s]),
  );
  expect(byId.size).toBe(2);
  expect(byId.get(session.subscription as string)).toMatchObject({ status: 'active', price: priceId });
});

it("opens the portal and cancels at the period's end with 201", async () => {
  const portal = await legacy('POST', '/payments/portal', a.tokens.owner, {
    returnUrl: '/msas/settings/billing',
  });
  expect(portal.statusCode, portal.body).toBe(200);
  expect(portal.json<{ url: string }>().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

  const active = (await stripe.subscriptions.list({ customer: customerId, status: 'active' })).data[0]!;
  const cancelled = await legacy('POST', '/subscriptions/cancel_subscription', a.tokens.owner, {
    subscriptionId: active.id,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(201);
  expect(cancelled.json()).toMatchObject({
    subscription: { id: active.id, status: 'active', cancel_at_period_end: true },
  });
  expect((await stripe.subscriptions.retrieve(active.id)).cancel_at_period_end).toBe(true);
  const row = await t.db
    .selectFrom('billing_subscriptions')
    .select(['status', 'cancel_at_period_end'])
    .where('organization_id', '=', a.org.id)
    .where('stripe_subscription_id', '=', active.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: 'active', cancel_at_period_end: true });
});

it("answers 404 for another organization's customer or subscription, and changes nothing", async () => {
  const before = fake.requests.length;
  for (const path of [
    `/invoices/listInvoices?customer=${customerId}`,
    `/subscriptions?customer=${customerId}`,
  ]) {
    const res = await legacy('GET', path, b.tokens.owner);
    expect(res.statusCode, path).toBe(404);
  }
  const [sub] = (await stripe.subscriptions.list({ customer: customerId, status: 'incomplete' })).data;
  const foreign = await legacy('POST', '/subscriptions/cancel_subscription', b.tokens.owner, {
    subscriptionId: sub!.id,
  });
  expect(foreign.statusCode).toBe(404);
  expect((await stripe.subscriptions.retrieve(sub!.id)).cancel_at_period_end).toBe(false);
  // Only this test's own two reads reached Stripe: the refusals did not.
  expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['GET', 'GET']);
});
