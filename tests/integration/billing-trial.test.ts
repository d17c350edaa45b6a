import { sql } from 'kysely';
import { decodeJwt, login } from './support/app';
import { sendDeliveries, startBillingApp, subscribe, type BillingApp } from './support/billing';
import { call, fixturePassword, seedTenant, type Tenant } from './support/orgs';

// Before a first plan (docs/BILLING.md): while billing is on, a self-registered organization that never
// subscribed has BILLING_TRIAL_DAYS in full from its creation, with the trial's end on the current user (the
// banner's countdown); then it is read-only like a Cancelled one (writes 403 with the toast, reads open, the
// token says Cancelled for the SPA's redirect) until it subscribes. Organizations the operator made are not
// on the trial.

let b: BillingApp;
let fresh: Tenant;
let expired: Tenant;
let managed: Tenant;
const toast = { detail: 'In order to use Systems Explore, please update your subscription.' };
const DAY = 86_400_000;

const selfRegistered = async (tenant: Tenant, daysAgo: number) => {
  const created = new Date(Date.now() - daysAgo * DAY);
  await sql`update organizations set self_registered = true, created_at = ${created}
    where id = ${tenant.org.id}`.execute(b.t.db);
};
const addDomain = (tenant: Tenant, name: string) =>
  call(b.t, 'POST', '/api/dm/domains/create/', tenant.tokens.owner, { name });

beforeAll(async () => {
  b = await startBillingApp({}, { BILLING_TRIAL_DAYS: '10' });
  fresh = await seedTenant(b.t, 'Fresh', 'fresh.example.com');
  expired = await seedTenant(b.t, 'Expired', 'expired.example.com');
  managed = await seedTenant(b.t, 'Managed', 'managed.example.com');
  await selfRegistered(fresh, 3);
  await selfRegistered(expired, 11);
  await sql`update organizations set created_at = now() - interval '400 days' where id = ${managed.org.id}`.execute(
    b.t.db,
  );
}, 60_000);

afterAll(async () => {
  await b?.t.close();
  await b?.fake.close();
});

it('marks an organization made by sign-up as self-registered', async () => {
  const res = await b.t.app.inject({
    method: 'POST',
    url: '/api/ph/register-client/',
    payload: { name: 'Signed Up', username: 'signed.up', password: fixturePassword, email: 'su@example.com' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const org = await b.t.db
    .selectFrom('organizations')
    .innerJoin('users', 'users.id', 'organizations.owner_id')
    .select('organizations.self_registered')
    .where('users.username', '=', 'signed.up')
    .executeTakeFirstOrThrow();
  expect(org.self_registered).toBe(true);
});

it('gives a self-registered organization its days in full, and shows when they end', async () => {
  expect((await addDomain(fresh, 'more-fresh.example.com')).statusCode).toBe(201);
  const me = await call(b.t, 'GET', `/api/ph/users/${fresh.member.id}/`, fresh.tokens.member);
  const created = await b.t.db
    .selectFrom('organizations')
    .select('created_at')
    .where('id', '=', fresh.org.id)
    .executeTakeFirstOrThrow();
  const end = new Date(new Date(created.created_at).getTime() + 10 * DAY).toISOString().slice(0, 10);
  expect(me.json().data.attributes.trial_end_date).toBe(end);
});

it('makes it read-only once the trial is over: writes refused, reads open, the token Cancelled', async () => {
  const write = await addDomain(expired, 'more-expired.example.com');
  expect(write.statusCode, write.body).toBe(403);
  expect(write.json()).toMatchObject(toast);
  const read = await call(b.t, 'GET', '/api/dm/domains/', expired.tokens.member);
  expect(read.statusCode).toBe(200);
  const signedIn = await login(b.t.app, { username: expired.owner.username, password: fixturePassword });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  expect(decodeJwt(signedIn.json().access).subscription_status).toBe('Cancelled');
});

it('leaves an organization the operator made alone, however old', async () => {
  expect((await addDomain(managed, 'more-managed.example.com')).statusCode).toBe(201);
  const me = await call(b.t, 'GET', `/api/ph/users/${managed.owner.id}/`, managed.tokens.owner);
  expect(me.json().data.attributes.trial_end_date).toBeNull();
});

it('opens again when the organization subscribes', async () => {
  await subscribe(b, expired.tokens.owner);
  const write = await addDomain(expired, 'paid-expired.example.com');
  expect(write.statusCode, write.body).toBe(201);
  // Cancelled later, it is read-only again (the status of a subscription that ended).
  const from = b.fake.mark();
  const subs = await b.stripe.subscriptions.list({ status: 'active' });
  for (const s of subs.data.filter((x) => x.metadata.organization === String(expired.org.id)))
    await b.stripe.subscriptions.cancel(s.id);
  await sendDeliveries(b.t, b.fake.deliveries(b.fake.events(from)));
  expect((await addDomain(expired, 'gone-expired.example.com')).statusCode).toBe(403);
});
