import type Stripe from 'stripe';
import { buildClaims } from '../../server/modules/auth/claims';
import { reconcileSubscriptions } from '../../server/modules/billing';
import type { StripeFake } from '../support/stripe-fake';
import type { Delivery } from '../support/stripe-fake/webhooks';
import type { TestApp } from './support/app';
import { checkoutCall, sendDeliveries, startBillingApp } from './support/billing';
import { call, seedTenant, type Tenant } from './support/orgs';

// Billing against the Stripe-shaped fake (tests/support/stripe-fake): the whole life of a subscription as the
// webhooks tell it (trial, checkout, active, a failed payment, past_due, canceled, a new subscription), events
// late, twice and out of order, a forged signature, and the nightly reconciliation repairing a missed event.
let fake: StripeFake;
let stripe: Stripe;
let t: TestApp;
let a: Tenant;
let priceId: string;
const day = 86_400;

const send = (list: Delivery[]) => sendDeliveries(t, list);
const org = () =>
  t.db.selectFrom('organizations').selectAll().where('id', '=', a.org.id).executeTakeFirstOrThrow();
async function subscription() {
  const res = await call(t, 'GET', '/api/pg/payments/subscriptions/', a.tokens.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { attributes: Record<string, unknown> }[] }>().data[0]?.attributes;
}
async function checkout() {
  const res = await checkoutCall({ fake, stripe, t, priceId }, a.tokens.owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; url: string; success_url: string }>();
}

beforeAll(async () => {
  ({ fake, stripe, t, priceId } = await startBillingApp({
    trial_days: '14',
    domains: '3',
    dns_zones: '1',
    alerts: '2',
  }));
  const [product] = (await stripe.products.list()).data;
  await stripe.prices.create({
    product: product!.id,
    currency: 'usd',
    unit_amount: 1700,
    recurring: { interval: 'month' },
  });
  a = await seedTenant(t, 'Billing A', 'billing-a.example');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

it('lists the products publicly, with benefits, the trial and prices in the asked currency', async () => {
  const res = await call(t, 'GET', '/api/pg/payments/products/?currency=USD', null);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{
    billing_enabled: boolean;
    data: {
      name: string;
      trial_days: number;
      benefits: Record<string, number>;
      prices: { currency: string }[];
    }[];
  }>();
  expect(body.billing_enabled).toBe(true);
  expect(body.data[0]).toMatchObject({
    name: 'Team',
    trial_days: 14,
    benefits: { domains: 3, dns_zones: 1, retention: 30 },
  });
  expect(body.data[0]!.prices.map((p) => p.currency)).toEqual(['usd']);
});

it('runs trial -> checkout -> active -> failed payment -> past_due -> canceled -> resubscribe', async () => {
  const from = fake.mark();
  const session = await checkout();
  expect(session.url).toContain('/c/pay/cs_');
  expect(session.success_url).toBe('http://app.test/msas/settings/subscriptions');
  fake.payCheckout(session.id);
  // Delivered shuffled and twice: the second copy of each is a no-op.
  const outcomes = await send(fake.deliveries(fake.events(from), { order: 'shuffle', copies: 2 }));
  expect(outcomes.filter((o) => o === 'replayed')).toHaveLength(outcomes.length / 2);
  expect(await subscription()).toMatchObject({
    status: 'trialing',
    access: 'full',
    product_name: 'Team',
    force_reload: true,
  });
  let o = await org();
  expect(o).toMatchObject({ subscription_status: 'trialing', is_stripe: true });
  expect(o.trial_end_date).not.toBeNull();
  expect(o.benefits).toMatchObject({ domains: 3, dns_zones: 1 });
  const owner = await t.db
    .selectFrom('users')
    .select('stripe_customer_id')
    .where('id', '=', a.owner.id)
    .executeTakeFirstOrThrow();
  expect(owner.stripe_customer_id).toBe(o.stripe_customer_id);
  expect((await buildClaims(t.db, a.owner)).subscription_status).toBe('trialing');

  // End the trial now: charged, active, the invoice listed.
  let mark = fake.mark();
  const ended = await call(t, 'POST', '/api/pg/payments/subscriptions/end_trial/', a.tokens.owner, {});
  expect(ended.statusCode, ended.body).toBe(200);
  expect(ended.json<{ data: { attributes: { status: string } } }>().data.attributes.status).toBe('active');
  await send(fake.deliveries(fake.events(mark)));
  const invoices = await call(t, 'GET', '/api/pg/payments/invoices/?status=paid', a.tokens.owner);
  expect(invoices.statusCode, invoices.body).toBe(200);
  const paid = invoices.json<{ data: { attributes: Record<string, unknown> }[] }>().data;
  expect(paid.some((i) => i.attributes.amount_paid === 1500 && i.attributes.currency === 'eur')).toBe(true);
  expect(paid[0]!.attributes.invoice_pdf).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoices\/in_\w+\/pdf$/);

  // The card declines at renewal: past_due (full access, a mail to the owner).
  fake.declineCards(o.stripe_customer_id!);
  mark = fake.mark();
  fake.advance(32 * day);
  await send(fake.deliveries(fake.events(mark), { order: 'reverse' }));
  expect(await subscription()).toMatchObject({ status: 'past_due', access: 'past_due' });
  expect((await org()).subscription_status).toBe('past_due');
  const mail = await t.db
    .selectFrom('outbox')
    .select(['to', 'subject'])
    .where('subject', '=', 'Your msas payment failed')
    .execute();
  expect(mail.map((m) => m.to)).toContain(a.owner.email);

  // Retries spent: canceled, the token says Cancelled.
  mark = fake.mark();
  fake.advance(12 * day);
  await send(fake.deliveries(fake.events(mark), { order: 'shuffle' }));
  expect(await subscription()).toMatchObject({ status: 'canceled', access: 'cancelled' });
  expect((await buildClaims(t.db, a.owner)).subscription_status).toBe('Cancelled');

  // A new subscription: no second trial, paid with a good card, access back.
  fake.declineCards(o.stripe_customer_id!, false);
  mark = fake.mark();
  const again = await checkout();
  fake.payCheckout(again.id);
  await send(fake.deliveries(fake.events(mark), { order: 'shuffle' }));
  expect(await subscription()).toMatchObject({ status: 'active', access: 'full' });
  o = await org();
  expect(o.subscription_status).toBe('active');
  expect(o.trial_end_date).toBeNull();
});

it('keeps the newest state when stale events come late, and refuses forged or unsigned deliveries', async () => {
  // Old copies of updates, under new ids and oldest last: the rows stay what Stripe says now.
  const stale = fake
    .events(0)
    .filter((e) => e.type === 'customer.subscription.updated')
    .slice(0, 3);
  const late = fake.deliveries(
    stale.map((e) => ({ ...e, id: `${e.id}_late` })),
    { order: 'reverse' },
  );
  expect(await send(late)).toEqual(['applied', 'applied', 'applied']);
  expect((await org()).subscription_status).toBe('active');

  const [forged] = fake.deliveries(
    stale.slice(0, 1).map((e) => ({ ...e, id: `${e.id}_forged` })),
    { secret: 'whsec_not_ours' },
  );
  const refused = await t.app.inject({
    method: 'POST',
    url: '/api/pg/stripe/webhook/',
    headers: forged!.headers,
    payload: forged!.payload,
  });
  expect(refused.statusCode).toBe(400);
  const unsigned = await t.app.inject({
    method: 'POST',
    url: '/api/pg/stripe/webhook/',
    headers: { 'content-type': 'application/json' },
    payload: forged!.payload,
  });
  expect(unsigned.statusCode).toBe(400);
  const old = fake.deliveries(
    stale.slice(0, 1).map((e) => ({ ...e, id: `${e.id}_old` })),
    { timestamp: Math.floor(Date.now() / 1000) - 600 },
  );
  const tooOld = await t.app.inject({
    method: 'POST',
    url: '/api/pg/stripe/webhook/',
    headers: old[0]!.headers,
    payload: old[0]!.payload,
  });
  expect(tooOld.statusCode).toBe(400);
  const known = await t.db.selectFrom('stripe_events').select('id').where('id', 'like', '%_forged').execute();
  expect(known).toEqual([]);
});

it('repairs a missed event in the nightly reconciliation', async () => {
  const current = await subscription();
  // Cancelled in Stripe, its events never delivered.
  await stripe.subscriptions.cancel(current!.stripe_subscription_id as string);
  expect((await org()).subscription_status).toBe('active');
  const result = await reconcileSubscriptions(t.ctx);
  expect(result).toMatchObject({ failed: 0 });
  expect(result.checked).toBeGreaterThanOrEqual(1);
  expect((await org()).subscription_status).toBe('Cancelled');
  expect(await subscription()).toMatchObject({ status: 'canceled' });
});
