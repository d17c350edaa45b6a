import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { startStripeFake } from '../support/stripe-fake';
import { startBillingApp, subscribe, type BillingApp } from './support/billing';
import type { TestApp } from './support/app';
import { call, quickUser, seedTenant, type Tenant } from './support/orgs';

// What a plan allows, enforced at every create (docs/BILLING.md, "Products"): the organization pays for a plan
// with low limits through the fake's Checkout and webhooks (the billing sync writes its benefits), then each
// create succeeds under its limit and answers 400 naming the limit at it. Zones need PowerDNS.
let billing: BillingApp;
let pdns: PowerDns;
let t: TestApp;
let a: Tenant & { groupId: number };

const plan = {
  domains: '2',
  organization_members_limit: '4',
  alerts: '1',
  digest_reports: '1',
  dns_zones: '1',
};

beforeAll(async () => {
  const [fake, started] = await Promise.all([startStripeFake(), startPowerDns()]);
  pdns = started;
  billing = await startBillingApp(plan, { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey }, fake);
  t = billing.t;
  a = await seedTenant(t, 'Tiny plan', 'tiny.example');
  await subscribe(billing, a.tokens.owner);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([billing?.fake.close(), pdns?.stop()]);
});

/** Under the limit the create answers `ok`; the next one 400 with `message` under `field`. */
async function limited(
  post: () => Promise<{ statusCode: number; body: string; json: () => unknown }>,
  ok: number,
  field: string,
  message: string,
) {
  const first = await post();
  expect(first.statusCode, first.body).toBe(ok);
  const over = await post();
  expect(over.statusCode, over.body).toBe(400);
  expect(over.json()).toMatchObject({ [field]: [message] });
}

it('writes the plan into the organization through the billing sync', async () => {
  const org = await t.db
    .selectFrom('organizations')
    .select(['benefits', 'subscription_status'])
    .where('id', '=', a.org.id)
    .executeTakeFirstOrThrow();
  expect(org.subscription_status).toBe('active');
  expect(org.benefits).toMatchObject({ domains: 2, alerts: 1, dns_zones: 1 });
});

it('limits domains (one seeded, one more allowed)', async () => {
  let n = 0;
  await limited(
    () => call(t, 'POST', '/api/dm/domains/create/', a.tokens.owner, { name: `tiny-${++n}.example.com` }),
    201,
    'name',
    'Your plan allows at most 2 domains. Remove a domain or upgrade the plan.',
  );
});

it('limits members and pending invitations together (three members, four seats)', async () => {
  const full = 'This organization has reached its limit of 4 members. Remove a member or upgrade the plan.';
  let n = 0;
  await limited(
    () =>
      call(t, 'POST', '/api/ph/member-registrations/', a.tokens.owner, {
        email: `invitee${++n}@tiny.example`,
        role: 'member',
      }),
    201,
    'non_field_errors',
    full,
  );
  const created = await call(t, 'POST', '/api/ph/users/', a.tokens.owner, {
    username: 'fifth-seat',
    email: 'fifth-seat@tiny.example',
  });
  expect(created.statusCode, created.body).toBe(400);
  expect(created.json()).toMatchObject({ non_field_errors: [full] });
  const loner = await quickUser(t);
  const joined = await call(t, 'POST', `/api/ph/organizations/${a.org.id}/members/`, a.tokens.owner, {
    user: loner.id,
    role: 'member',
  });
  expect(joined.statusCode, joined.body).toBe(400);
  expect(joined.json()).toMatchObject({ non_field_errors: [full] });
});

it('limits alert rules', async () => {
  await limited(
    () =>
      call(t, 'POST', '/api/dm/alerts/', a.tokens.owner, {
        scope_type: 'domain_group',
        target_selection: String(a.groupId),
        condition: 'dmarc_failure_rate',
        params: { threshold_percent: 20 },
        destination_addresses: ['ops@tiny.example'],
      }),
    201,
    'non_field_errors',
    'Your plan allows at most 1 alert rules. Remove a rule or upgrade the plan.',
  );
});

it('limits scheduled digest reports', async () => {
  let n = 0;
  await limited(
    () =>
      call(t, 'POST', '/api/dm/digest-reports/scheduled/', a.tokens.owner, {
        name: `Report ${++n}`,
        destination_addresses: ['ops@tiny.example'],
      }),
    201,
    'non_field_errors',
    'Your plan allows at most 1 scheduled reports. Remove a report or upgrade the plan.',
  );
});

it('limits hosted DNS zones, before PowerDNS is asked', async () => {
  const names = ['tiny.example', 'lab.tiny.example'];
  await limited(
    () =>
      call(t, 'POST', '/api/dm/power-dns/servers/localhost/zones/', a.tokens.owner, {
        name: names.shift(),
        kind: 'Native',
        nameservers: ['ns1.tiny.example'],
      }),
    201,
    'name',
    'Your plan allows at most 1 DNS zones. Delete a zone or upgrade the plan.',
  );
  const live = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/lab.tiny.example.`, {
    headers: { 'X-API-Key': pdns.apiKey },
  });
  expect(live.status).toBe(404);
});
