import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startStripeFake, type StripeFake } from '../support/stripe-fake';
import { sendDeliveries, startBillingApp, subscribe, type BillingApp } from './support/billing';
import { call, seedTenant, type Tenant } from './support/orgs';

// Billing gaps (docs/BILLING.md): one subscription per organization whichever API starts it, the legacy
// invoices behind the main API's permission, and Stripe failing in the middle of a start: a clear message and
// nothing half made. The app talks to the Stripe-shaped fake through a proxy the tests can cut.

type Cut = (method: string, path: string) => boolean;
let cut: Cut = () => false;
let fake: StripeFake;
let proxy: http.Server;
let b: BillingApp;
let paying: Tenant;
let fresh: Tenant;
let subscription: string;

/** Forwards to the fake; a request `cut` names gets its connection dropped, as Stripe unreachable. */
async function startProxy(target: StripeFake): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (cut(req.method ?? 'GET', (req.url ?? '/').split('?')[0]!)) return void req.socket.destroy();
    const upstream = http.request(
      { host: '127.0.0.1', port: target.sdk.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const legacy = (method: string, path: string, token: string, body?: unknown) =>
  call(b.t, method, `/legacy-payments${path}`, token, body);
const orgRow = (id: number) =>
  b.t.db
    .selectFrom('organizations')
    .select(['subscription_status', 'stripe_customer_id', 'benefits'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const subscriptionRows = (id: number) =>
  b.t.db.selectFrom('billing_subscriptions').select('status').where('organization_id', '=', id).execute();

beforeAll(async () => {
  fake = await startStripeFake();
  proxy = await startProxy(fake);
  const port = (proxy.address() as AddressInfo).port;
  b = await startBillingApp({ domains: '7' }, { STRIPE_API_BASE: `http://127.0.0.1:${port}` }, fake);
  paying = await seedTenant(b.t, 'One Plan', 'one-plan.example.com');
  fresh = await seedTenant(b.t, 'Not Yet', 'not-yet.example.com');
  subscription = await subscribe(b, paying.tokens.owner);
}, 60_000);

afterAll(async () => {
  await b?.t.close();
  await new Promise((resolve) => proxy?.close(resolve));
  await fake?.close();
});

afterEach(() => {
  cut = () => false;
});

describe('one subscription per organization', () => {
  it('refuses the legacy payment intent while a subscription runs, and Stripe is not asked', async () => {
    const before = fake.requests.length;
    const intent = await legacy('POST', '/subscription/payment-intent', paying.tokens.owner, {
      priceId: b.priceId,
    });
    expect(intent.statusCode, intent.body).toBe(409);
    expect(intent.json()).toMatchObject({
      detail: 'This organization already has a subscription. Change the plan in the billing portal.',
    });
    const created = fake.requests.slice(before).filter((r) => r.method === 'POST');
    expect(created).toEqual([]);
    expect(
      (await b.stripe.subscriptions.list({ customer: (await orgRow(paying.org.id)).stripe_customer_id! }))
        .data,
    ).toHaveLength(1);
    expect((await orgRow(paying.org.id)).subscription_status).toBe('active');
  });

  it('keeps the paid plan when an unpaid second subscription appears at Stripe', async () => {
    // Made outside msas (the Stripe dashboard): a cheaper plan whose first invoice is never paid.
    const product = await b.stripe.products.create({ name: 'Small', metadata: { domains: '1' } });
    const price = await b.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 100,
      recurring: { interval: 'month' },
    });
    const from = fake.mark();
    const second = await b.stripe.subscriptions.create({
      customer: (await orgRow(paying.org.id)).stripe_customer_id!,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      metadata: { organization: String(paying.org.id) },
    });
    expect(second.status).toBe('incomplete');
    await sendDeliveries(b.t, fake.deliveries(fake.events(from)));
    expect((await subscriptionRows(paying.org.id)).map((r) => r.status).sort()).toEqual([
      'active',
      'incomplete',
    ]);
    const org = await orgRow(paying.org.id);
    expect(org.subscription_status).toBe('active');
    expect(org.benefits).toMatchObject({ domains: 7 });
    const listed = await call(b.t, 'GET', '/api/pg/payments/subscriptions/', paying.tokens.member);
    expect(
      listed.json<{ data: { attributes: { stripe_subscription_id: string } }[] }>().data[0],
    ).toMatchObject({ attributes: { stripe_subscription_id: subscription } });
  });
});

describe('invoices on the legacy host', () => {
  it('answers a member 403, as the main API does, and the owner and admins their invoices', async () => {
    const customer = (await orgRow(paying.org.id)).stripe_customer_id!;
    const path = `/invoices/listInvoices?customer=${customer}`;
    const main = await call(b.t, 'GET', '/api/pg/payments/invoices/', paying.tokens.member);
    expect(main.statusCode).toBe(403);
    const before = fake.requests.length;
    const member = await legacy('GET', path, paying.tokens.member);
    expect(member.statusCode, member.body).toBe(403);
    expect(fake.requests.length).toBe(before);
    for (const token of [paying.tokens.owner, paying.tokens.admin]) {
      const res = await legacy('GET', path, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ invoices: unknown[] }>().invoices.length).toBeGreaterThan(0);
    }
  });
});

describe('Stripe down during a start', () => {
  it('answers checkout with the message of spec section 8 and writes nothing', async () => {
    cut = () => true;
    const res = await call(b.t, 'POST', '/api/pg/payments/checkout/', fresh.tokens.owner, {
      price: b.priceId,
      success_url: '/msas/settings/subscriptions',
      cancel_url: '/msas/settings/subscriptions',
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({
      detail: 'Something went wrong, please contact support or try again later.',
    });
    expect(await orgRow(fresh.org.id)).toMatchObject({ subscription_status: null, stripe_customer_id: null });
    expect(await subscriptionRows(fresh.org.id)).toEqual([]);
  });

  it('cancels the subscription Stripe made when it fails before msas could record it', async () => {
    // Stripe answers the create, then stops answering the read-back.
    cut = (method, path) => method === 'GET' && /^\/v1\/subscriptions\/sub_/.test(path);
    const res = await legacy('POST', '/subscription/payment-intent', fresh.tokens.owner, {
      priceId: b.priceId,
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({
      detail: 'Something went wrong, please contact support or try again later.',
    });
    cut = () => false;
    expect(await subscriptionRows(fresh.org.id)).toEqual([]);
    const held = fake.store
      .all('subscription')
      .filter((s) => s.metadata.organization === String(fresh.org.id));
    expect(held.map((s) => s.status)).toEqual(['canceled']);
    // Once Stripe is back, the owner starts again and gets a subscription waiting for the card.
    const again = await legacy('POST', '/subscription/payment-intent', fresh.tokens.owner, {
      priceId: b.priceId,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await subscriptionRows(fresh.org.id)).map((r) => r.status)).toEqual(['incomplete']);
  });
});
