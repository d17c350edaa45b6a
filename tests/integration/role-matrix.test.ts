import fs from 'node:fs';
import type { UserRow } from '../../server/db/schema';
import { startTestApp, type TestApp } from './support/app';
import { call, fixturePassword, quickUser, seedTenant, tokenFor } from './support/orgs';

// Every role against every mutating route, as the matrix in docs/PERMISSIONS.md says (read from the file).
const roles = ['owner', 'admin', 'member', 'support', 'client'] as const;
type RoleName = (typeof roles)[number];

function readMatrix(): Map<string, Record<RoleName, boolean>> {
  const text = fs.readFileSync(new URL('../../docs/PERMISSIONS.md', import.meta.url), 'utf8');
  const matrix = new Map<string, Record<RoleName, boolean>>();
  for (const line of text.split('\n')) {
    // Cells may be padded (a formatter aligns the table's columns).
    const m = /^\|\s*((?:POST|PATCH|DELETE|PUT) \S+)(?: \(self\))?\s*\|(.*)\|$/.exec(line);
    if (!m) continue;
    const cells = m[2]!.split('|').map((c) => c.trim());
    matrix.set(
      m[1]!,
      Object.fromEntries(roles.map((r, i) => [r, cells[i] === '✓'])) as Record<RoleName, boolean>,
    );
  }
  return matrix;
}

type F = Awaited<ReturnType<typeof seedTenant>> & {
  actor: UserRow;
  loner: number;
  registration: number;
  publication: number;
  domainName: string;
  unique: string;
};
type Req = { url: string; body?: unknown };
const org = (f: F, p = '') => `/api/ph/organizations/${f.org.id}/${p}`;
const orgDomains = (slash: string): Record<string, (f: F) => Req> => ({
  [`POST /api/ph/organizations/{id}/domains${slash}`]: (f) => ({
    url: `${org(f)}domains${slash}`,
    body: { name: `${f.unique}.example.net` },
  }),
  [`PATCH /api/ph/organizations/{id}/domains${slash}`]: (f) => ({
    url: `${org(f)}domains${slash}`,
    body: { id: f.domainId, name: `${f.unique}.example.net` },
  }),
  [`DELETE /api/ph/organizations/{id}/domains${slash}`]: (f) => ({
    url: `${org(f)}domains${slash}`,
    body: { id: f.domainId },
  }),
});
const group = (f: F, v2: boolean, p = '') => `/api/dm/${v2 ? 'v2/' : ''}domain-groups/${f.groupId}/${p}`;

// Email senders: ids of the starter catalogue (server/modules/email-senders/starter-catalogue.yaml) that
// every fresh database loads; 16 (HubSpot) publishes no SPF include, so refreshing it asks no DNS. Only
// support may change the catalogue.
const senders = '/api/dm/dmarc/aggregate-reports/email-senders/';
const onePixelPng =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const senderRequests = (): Record<string, (f: F) => Req> => ({
  [`POST ${senders}`]: (f) => ({ url: senders, body: { name: f.unique } }),
  [`PATCH ${senders}{id}/`]: (f) => ({ url: `${senders}1/`, body: { name: f.unique } }),
  [`DELETE ${senders}{id}/`]: () => ({ url: `${senders}27/` }),
  [`PUT ${senders}{id}/networks/`]: () => ({
    url: `${senders}2/networks/`,
    body: { networks: [{ range: '192.0.2.0/24' }] },
  }),
  [`POST ${senders}{id}/networks/`]: () => ({
    url: `${senders}3/networks/`,
    body: { range: '198.51.100.0/24' },
  }),
  [`DELETE ${senders}{id}/networks/`]: () => ({
    url: `${senders}4/networks/`,
    body: { ranges: ['203.0.113.0/24'] },
  }),
  [`POST ${senders}{id}/networks/refresh/`]: () => ({ url: `${senders}16/networks/refresh/` }),
  [`POST ${senders}{id}/logo/`]: () => ({ url: `${senders}5/logo/`, body: { file: onePixelPng } }),
  [`DELETE ${senders}{id}/logo/`]: () => ({ url: `${senders}5/logo/` }),
  'POST /api/dm/dmarc/aggregate-reports/networks/recalculate/': () => ({
    url: '/api/dm/dmarc/aggregate-reports/networks/recalculate/',
  }),
});

const requests: Record<string, (f: F) => Req> = {
  'POST /api/ph/organizations/': (f) => ({
    url: '/api/ph/organizations/',
    body: { name: f.unique, owner: f.loner },
  }),
  'PATCH /api/ph/organizations/{id}/': (f) => ({ url: org(f), body: { name: 'Renamed' } }),
  'DELETE /api/ph/organizations/{id}/': (f) => ({ url: org(f) }),
  'PATCH /api/ph/organizations/{id}/owner/': (f) => ({ url: org(f, 'owner/'), body: { owner: f.member.id } }),
  'POST /api/ph/organizations/{id}/members/': (f) => ({ url: org(f, 'members/'), body: { user: f.loner } }),
  'DELETE /api/ph/organizations/{id}/members/': (f) => ({
    url: org(f, 'members/'),
    body: { user: f.member.id },
  }),
  'POST /api/ph/organizations/{id}/admins/': (f) => ({ url: org(f, 'admins/'), body: { user: f.member.id } }),
  'DELETE /api/ph/organizations/{id}/admins/': (f) => ({
    url: org(f, 'admins/'),
    body: { user: f.admin.id },
  }),
  ...orgDomains('/'),
  ...orgDomains(''),
  'POST /api/ph/member-registrations/': (f) => ({
    url: '/api/ph/member-registrations/',
    body: { email: `${f.unique}@example.com`, organization: f.org.id },
  }),
  'POST /api/ph/member-registrations/{id}/resend-email/': (f) => ({
    url: `/api/ph/member-registrations/${f.registration}/resend-email/`,
  }),
  'POST /api/ph/users/': (f) => ({
    url: '/api/ph/users/',
    body: { username: f.unique, email: `${f.unique}@example.com` },
  }),
  'PATCH /api/ph/users/{id}/': (f) => ({ url: `/api/ph/users/${f.member.id}/`, body: { name: 'New name' } }),
  'POST /api/ph/users/{id}/delete/': (f) => ({ url: `/api/ph/users/${f.member.id}/delete/`, body: {} }),
  'PATCH /api/ph/users/{id}/groups/': (f) => ({
    url: `/api/ph/users/${f.member.id}/groups/`,
    body: { groups: [3] },
  }),
  'PATCH /api/ph/users/{id}/domains/': (f) => ({
    url: `/api/ph/users/${f.member.id}/domains/`,
    body: { domains: [f.domainName] },
  }),
  'PATCH /api/ph/settings/organization/': () => ({
    url: '/api/ph/settings/organization/',
    body: { retention_days: 10 },
  }),
  'POST /api/dm/domains/create/': (f) => ({
    url: '/api/dm/domains/create/',
    body: { name: `${f.unique}.example.net` },
  }),
  'POST /api/dm/domains/{name}/delete/': (f) => ({ url: `/api/dm/domains/${f.domainName}/delete/` }),
  'POST /api/dm/domain-groups/create/': (f) => ({
    url: '/api/dm/domain-groups/create/',
    body: { name: f.unique },
  }),
  'POST /api/dm/domain-groups/{id}/delete/': (f) => ({ url: group(f, false, 'delete/') }),
  'POST /api/dm/domain-groups/{id}/update/': (f) => ({
    url: group(f, false, 'update/'),
    body: { domains: [] },
  }),
  'POST /api/dm/v2/domain-groups/': (f) => ({ url: '/api/dm/v2/domain-groups/', body: { name: f.unique } }),
  'PATCH /api/dm/v2/domain-groups/{id}/': (f) => ({ url: group(f, true), body: { name: 'Renamed' } }),
  'DELETE /api/dm/v2/domain-groups/{id}/': (f) => ({ url: group(f, true) }),
  'POST /api/dm/v2/domain-groups/{id}/domains/': (f) => ({
    url: group(f, true, 'domains/'),
    body: { domains: [f.domainName] },
  }),
  'DELETE /api/dm/v2/domain-groups/{id}/domains/': (f) => ({
    url: group(f, true, 'domains/'),
    body: { domains: [f.domainName] },
  }),
  // Each fixture is a new organization, so the per-organization re-check limit never interferes.
  'POST /api/dm/v2/domains/{id}/recheck/': (f) => ({ url: `/api/dm/v2/domains/${f.domainId}/recheck/` }),
  'POST /api/dm/v2/domains/{id}/verify/': (f) => ({ url: `/api/dm/v2/domains/${f.domainId}/verify/` }),
  'POST /api/ph/publications/{id}/seen/': (f) => ({ url: `/api/ph/publications/${f.publication}/seen/` }),
  'POST /api/ph/settings/alerts-email/': () => ({
    url: '/api/ph/settings/alerts-email/',
    body: { alerts_email: 'alerts@example.com' },
  }),
  'PATCH /api/ph/users/{id}/settings/': (f) => ({
    url: `/api/ph/users/${f.actor.id}/settings/`,
    body: { language: 'pt' },
  }),
  'DELETE /api/ph/users/{id}/email-change/': (f) => ({ url: `/api/ph/users/${f.actor.id}/email-change/` }),
  ...senderRequests(),
  'POST /api/ph/change-password/': () => ({
    url: '/api/ph/change-password/',
    body: {
      current_password: fixturePassword,
      new_password: 'amber-river-77-kite',
      confirm_password: 'amber-river-77-kite',
    },
  }),
};

let t: TestApp;
let counter = 0;
const matrix = readMatrix();

async function fixture(role: RoleName): Promise<{ f: F; token: string }> {
  counter += 1;
  const unique = `rm${counter}x${Date.now().toString(36)}`;
  const domainName = `${unique}.example.com`;
  const tenant = await seedTenant(t, `Matrix ${unique}`, domainName);
  let actor: UserRow;
  if (role === 'owner') actor = tenant.owner;
  else if (role === 'client') {
    await t.db.updateTable('users').set({ role: 'client' }).where('id', '=', tenant.owner.id).execute();
    actor = { ...tenant.owner, role: 'client' };
  } else actor = await quickUser(t, { role, organizationId: tenant.org.id });
  const loner = await quickUser(t);
  const reg = await t.db
    .insertInto('member_registrations')
    .values({
      organization_id: tenant.org.id,
      email: `${unique}-inv@example.com`,
      token_hash: unique,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pub = await t.db
    .insertInto('publications')
    .values({ organization_id: null, title: unique, body: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const f = {
    ...tenant,
    actor,
    loner: loner.id,
    registration: reg.id,
    publication: pub.id,
    domainName,
    unique,
  };
  return { f, token: await tokenFor(t, actor) };
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('role matrix of docs/PERMISSIONS.md', () => {
  it('lists every mutating route of the platform and nothing else', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    const mutating = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((k) => !k.startsWith('GET ') && Object.keys(requests).includes(k));
    expect([...matrix.keys()].sort()).toEqual(Object.keys(requests).sort());
    expect(mutating.sort()).toEqual(Object.keys(requests).sort());
  });

  for (const key of Object.keys(requests)) {
    it(key, async () => {
      const expected = matrix.get(key);
      expect(expected, `${key} is missing from docs/PERMISSIONS.md`).toBeDefined();
      const method = key.split(' ')[0]!;
      for (const role of roles) {
        const { f, token } = await fixture(role);
        const req = requests[key]!(f);
        const res = await call(t, method, req.url, token, req.body);
        const outcome = `${role} got ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (expected![role]) expect(res.statusCode, outcome).toBeLessThan(300);
        else expect([403, 404], outcome).toContain(res.statusCode);
      }
    });
  }
});
