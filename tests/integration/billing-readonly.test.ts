import { checkoutCall, sendDeliveries, startBillingApp, subscribe, type BillingApp } from './support/billing';
import type { TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// A Cancelled organization is read-only on the server (docs/BILLING.md, "What a status allows"): its writes
// under /api answer 403 with the toast of spec section 4, whatever its (older) token says; reads, paying again
// and the caller's own account stay open; another organization is unaffected.
let billing: BillingApp;
let t: TestApp;
let a: Tenant;
let b: Tenant;
const toast = { detail: 'In order to use Systems Explore, please update your subscription.' };

beforeAll(async () => {
  billing = await startBillingApp();
  t = billing.t;
  a = await seedTenant(t, 'Lapsed', 'lapsed.example.com');
  b = await seedTenant(t, 'Paying', 'paying.example.com');
  // Subscribed, then cancelled in Stripe: the webhooks make the organization Cancelled. The tokens above were
  // signed before, so they still carry no Cancelled claim: the server decides from the stored status.
  const subscription = await subscribe(billing, a.tokens.owner);
  const from = billing.fake.mark();
  await billing.stripe.subscriptions.cancel(subscription);
  await sendDeliveries(t, billing.fake.deliveries(billing.fake.events(from)));
  const org = await t.db
    .selectFrom('organizations')
    .select('subscription_status')
    .where('id', '=', a.org.id)
    .executeTakeFirstOrThrow();
  expect(org.subscription_status).toBe('Cancelled');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await billing?.fake.close();
});

it('refuses writes with 403 and the toast, before the body is even checked', async () => {
  const create = await call(t, 'POST', '/api/dm/domains/create/', a.tokens.owner, {
    name: 'new-lapsed.example.com',
  });
  expect(create.statusCode, create.body).toBe(403);
  expect(create.json()).toMatchObject(toast);
  const invalid = await call(t, 'POST', '/api/dm/domains/create/', a.tokens.admin, {});
  expect(invalid.statusCode).toBe(403);
  const rename = await call(t, 'PATCH', `/api/ph/organizations/${a.org.id}/`, a.tokens.owner, { name: 'X' });
  expect(rename.json()).toMatchObject(toast);
  // Someone else's profile is not the caller's own account.
  const other = await call(t, 'PATCH', `/api/ph/users/${a.member.id}/`, a.tokens.admin, { name: 'M' });
  expect(other.statusCode, other.body).toBe(403);
  expect(other.json()).toMatchObject(toast);
  const names = await t.db
    .selectFrom('domains')
    .select('name')
    .where('organization_id', '=', a.org.id)
    .execute();
  expect(names.map((d) => d.name)).toEqual(['lapsed.example.com']);
});

it('keeps reads open', async () => {
  const list = await call(t, 'GET', '/api/dm/domains/', a.tokens.owner);
  expect(list.statusCode, list.body).toBe(200);
  expect(list.json<{ data: unknown[] }>().data).toHaveLength(1);
});

it('lets the owner pay again: checkout, portal and the legacy host', async () => {
  const again = await checkoutCall(billing, a.tokens.owner);
  expect(again.statusCode, again.body).toBe(200);
  const portal = await call(t, 'POST', '/api/pg/payments/portal/', a.tokens.owner, {
    return_url: '/msas/settings/billing',
  });
  expect(portal.statusCode, portal.body).toBe(201);
  const customer = await call(t, 'POST', '/legacy-payments/customer', a.tokens.owner, {});
  expect(customer.statusCode, customer.body).toBe(200);
});

it('lets each user change their own account: profile and settings', async () => {
  const profile = await call(t, 'PATCH', `/api/ph/users/${a.member.id}/`, a.tokens.member, {
    name: 'Still here',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const settings = await call(t, 'PATCH', `/api/ph/users/${a.member.id}/settings/`, a.tokens.member, {
    language: 'pt',
  });
  expect(settings.statusCode, settings.body).toBe(200);
});

it('leaves an organization with a running (or no) subscription alone', async () => {
  const create = await call(t, 'POST', '/api/dm/domains/create/', b.tokens.owner, {
    name: 'more-paying.example.com',
  });
  expect(create.statusCode, create.body).toBe(201);
});
