import Stripe from 'stripe';
import { startStripeFake, type StripeFake } from '../support/stripe-fake';

// The Stripe-shaped fake (tests/support/stripe-fake) driven through the official SDK: what it answers must be
// what the SDK's types say Stripe answers, or the billing tests would prove msas against the wrong thing.
let fake: StripeFake;
let stripe: Stripe;
const day = 86_400;

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = new Stripe(fake.apiKey, { ...fake.sdk, maxNetworkRetries: 0, telemetry: false });
});
afterAll(() => fake.close());

async function plan(amount = 1500, metadata: Record<string, string> = { trial_days: '14', domains: '5' }) {
  const product = await stripe.products.create({ name: `Plan ${amount}`, metadata });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'eur',
    unit_amount: amount,
    recurring: { interval: 'month' },
  });
  return { product, price };
}

it('creates, lists with pagination and expands catalogue objects the way the SDK types them', async () => {
  const { product, price } = await plan(900);
  await plan(1900);
  expect(product.object).toBe('product');
  expect(product.metadata.domains).toBe('5');
  expect(price.recurring?.interval).toBe('month');
  const first = await stripe.products.list({ limit: 1 });
  expect(first.data).toHaveLength(1);
  expect(first.has_more).toBe(true);
  const next = await stripe.products.list({ limit: 1, starting_after: first.data[0]!.id });
  expect(next.data[0]!.id).not.toBe(first.data[0]!.id);
  const prices = await stripe.prices.list({ product: product.id, active: true, expand: ['data.product'] });
  expect((prices.data[0]!.product as Stripe.Product).name).toBe('Plan 900');
  // auto-pagination walks every page
  const all: string[] = [];
  for await (const p of stripe.products.list({ limit: 1 })) all.push(p.id);
  expect(all.length).toBeGreaterThanOrEqual(2);
});

it("answers Stripe's error shapes: missing objects, unknown and missing parameters, a bad key", async () => {
  const missing = await stripe.subscriptions.retrieve('sub_nothing').catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  expect((missing as Stripe.errors.StripeError).code).toBe('resource_missing');
  expect((missing as Stripe.errors.StripeError).statusCode).toBe(404);
  const unknown = await stripe.customers
    .create({ email: 'a@example.com', colour: 'blue' } as Stripe.CustomerCreateParams)
    .catch((e: unknown) => e as Stripe.errors.StripeError);
  expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  const required = await stripe.prices
    .create({ currency: 'eur', unit_amount: 1 } as Stripe.PriceCreateParams)
    .catch((e: unknown) => e as Stripe.errors.StripeError);
  expect(required).toMatchObject({ code: 'parameter_missing', param: 'product' });
  const badKey = new Stripe('sk_test_wrong_key_123456', { ...fake.sdk, maxNetworkRetries: 0 });
  const auth = await badKey.products.list().catch((e: unknown) => e);
  expect(auth).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
});

it('replays an idempotent request and refuses the same key with other parameters', async () => {
  const a = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
  const b = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
  expect(b.id).toBe(a.id);
  const clash = await stripe.customers
    .create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' })
    .catch((e: unknown) => e);
  expect(clash).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
});

it('runs checkout with a trial, the hosted page, trial end, renewal, dunning and cancellation', async () => {
  const { price } = await plan(2500);
  const customer = await stripe.customers.create({
    email: 'life@example.com',
    metadata: { organization: '7' },
  });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: '7',
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: { trial_period_days: 14, metadata: { organization: '7' } },
    success_url: 'http://app.test/done?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://app.test/back',
  });
  expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_/);
  // The hosted page, as a browser uses it.
  const pageRes = await fetch(session.url!);
  expect(await pageRes.text()).toContain('14-day free trial');
  const paid = await fetch(session.url!, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card=4242424242424242',
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`http://app.test/done?session_id=${session.id}`);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  expect(done.status).toBe('complete');
  const sub = done.subscription as Stripe.Subscription;
  expect(sub.status).toBe('trialing');
  expect(sub.items.data[0]!.current_period_end).toBe(sub.trial_end);
  expect(sub.metadata.organization).toBe('7');

  fake.advance(12 * day);
  expect(fake.events().some((e) => e.type === 'customer.subscription.trial_will_end')).toBe(true);
  const ended = await stripe.subscriptions.update(sub.id, { trial_end: 'now' });
  expect(ended.status).toBe('active');
  const invoices = await stripe.invoices.list({ customer: customer.id });
  const charged = invoices.data.find((i) => i.billing_reason === 'subscription_cycle')!;
  expect(charged).toMatchObject({ status: 'paid', amount_paid: 2500, currency: 'eur' });
  expect(charged.parent?.subscription_details?.subscription).toBe(sub.id);
  expect(charged.invoice_pdf).toMatch(/\/pdf$/);

  // The card starts declining: the renewal fails, past_due, then retries spent and the subscription ends.
  fake.declineCards(customer.id);
  const renewal = (await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.current_period_end;
  fake.advance(renewal - fake.store.now + 60);
  expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
  expect(fake.events().some((e) => e.type === 'invoice.payment_failed')).toBe(true);
  fake.advance(12 * day);
  const gone = await stripe.subscriptions.retrieve(sub.id);
  expect(gone.status).toBe('canceled');
  expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
  expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
});

it('opens the portal, cancels at period end and resumes through the SDK', async () => {
  const { price } = await plan(700);
  const customer = await stripe.customers.create({ email: 'portal@example.com' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://app.test/ok',
  });
  const sub = fake.payCheckout(session.id).subscription as string;
  expect((await stripe.subscriptions.retrieve(sub)).status).toBe('active');
  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://app.test/billing',
  });
  const html = await (await fetch(portal.url)).text();
  expect(html).toContain('visa •••• 4242');
  const cancel = await fetch(`${portal.url}/cancel`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `subscription=${sub}`,
  });
  expect(cancel.status).toBe(303);
  expect((await stripe.subscriptions.retrieve(sub)).cancel_at_period_end).toBe(true);
  const resumed = await stripe.subscriptions.update(sub, { cancel_at_period_end: false });
  expect(resumed.cancel_at_period_end).toBe(false);
  const cancelled = await stripe.subscriptions.cancel(sub);
  expect(cancelled.status).toBe('canceled');
});

it('signs webhooks that the SDK verifies, and one signed with another secret that it refuses', async () => {
  const from = fake.mark();
  await stripe.customers.create({ email: 'hook@example.com' });
  const [delivery] = fake.deliveries(fake.events(from));
  const event = stripe.webhooks.constructEvent(
    delivery!.payload,
    delivery!.headers['stripe-signature']!,
    fake.webhookSecret,
    300,
  );
  expect(event.type).toBe('customer.created');
  expect(event.api_version).toBe(Stripe.API_VERSION);
  const [forged] = fake.deliveries(fake.events(from), { secret: 'whsec_someone_else' });
  expect(() =>
    stripe.webhooks.constructEvent(
      forged!.payload,
      forged!.headers['stripe-signature']!,
      fake.webhookSecret,
      300,
    ),
  ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  const events = await stripe.events.list({ limit: 3 });
  expect(events.data[0]!.object).toBe('event');
});
