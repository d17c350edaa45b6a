import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ingestFile } from '../../server/ingest/ingest-file';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { startTestApp, type TestApp } from './support/app';
import { call, quickUser, seedTenant } from './support/orgs';
import {
  type A,
  type B,
  aCustomer,
  aDomain,
  aName,
  aReports,
  aReportSecrets,
  aSubscription,
  cases,
} from './support/tenancy-cases';

// Generated from /api/openapi.json: every route is either public (listed below), acts only on the caller's own
// scope, or addresses tenant data. A user of organization B (its owner) calls each tenant route with
// organization A's identifiers, and every route without a token: all refused, nothing changed. A route
// missing from this table fails the test, so a new route cannot ship without its tenancy case.
let t: TestApp;
let a: A;
let b: B;
let routes: { key: string; method: string; path: string }[];

async function snapshot(): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.db);
  const skip = new Set([
    'organization_audit_operations',
    'instance_audit_operations',
    'login_attempts',
    'kysely_migration',
    'kysely_migration_lock',
  ]);
  const out: Record<string, string> = {};
  for (const { name } of rows.filter((r) => !skip.has(r.name)).sort((x, y) => x.name.localeCompare(y.name))) {
    const r = await sql<{ n: number; h: string }>`select count(*)::int as n,
      coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${sql.table(name)} t`.execute(
      t.db,
    );
    out[name] = `${r.rows[0]?.n}:${r.rows[0]?.h}`;
  }
  return out;
}

function fill(path: string): string {
  return path
    .replace('{d}', 'example.com')
    .replace('{id}', '1')
    .replace('{ip}', '192.0.2.1')
    .replace('{name}', 'example.com');
}

beforeAll(async () => {
  t = await startTestApp();
  const seeded = await seedTenant(t, aName, aDomain);
  const loner = await quickUser(t, { email: 'tenant-a-loner@example.com' });
  const reg = await t.db
    .insertInto('member_registrations')
    .values({
      organization_id: seeded.org.id,
      email: 'invitee-a@example.com',
      token_hash: 'x',
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pub = await t.db
    .insertInto('publications')
    .values({ organization_id: seeded.org.id, title: `${aName} news`, body: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A registers the policy domains first, so the imported reports are A's (server/ingest/ownership.ts).
  const reports = {} as A['reports'];
  for (const [kind, sample] of Object.entries(aReports) as [
    keyof A['reports'],
    (typeof aReports)[keyof A['reports']],
  ][]) {
    await t.db
      .insertInto('domains')
      .values({ name: sample.domain, organization_id: seeded.org.id, verified_at: new Date() })
      .execute();
    const bytes = fs.readFileSync(path.join(samplesDir, sample.file));
    const { reports: stored } = await ingestFile(t.db, {
      name: path.basename(sample.file),
      bytes,
      source: 'cli',
    });
    expect(stored.map((r) => [r.kind, r.status, r.organizationId])).toEqual([
      [kind, 'imported', seeded.org.id],
    ]);
    reports[kind] = stored[0]!.id!;
  }
  // A hosted zone of A's, with one change set, for the DNS routes (no PowerDNS here: the rows are enough to
  // be found or not; dns-zones.test.ts has the same refusals against a real pdns_server).
  const zone = await t.db
    .insertInto('dns_zones')
    .values({ organization_id: seeded.org.id, name: `${aDomain}.`, kind: 'Native', known: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const change = await t.db
    .insertInto('dns_change_sets')
    .values({
      organization_id: seeded.org.id,
      zone_id: zone.id,
      version: 1,
      kind: 'edit',
      user_id: null,
      reverts_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('dns_rrset_changes')
    .values({
      organization_id: seeded.org.id,
      change_set_id: change.id,
      zone_id: zone.id,
      name: `www.${aDomain}.`,
      type: 'A',
      before: null,
      after: JSON.stringify({ name: `www.${aDomain}.`, type: 'A', ttl: 3600, records: [], comments: [] }),
    })
    .execute();
  const dns = { zone: zone.id, changeSet: change.id };
  const alert = await t.db
    .insertInto('alert_rules')
    .values({
      organization_id: seeded.org.id,
      owner_id: seeded.owner.id,
      creator_email: seeded.owner.email,
      scope_type: 'domain',
      target_selection: aDomain,
      condition: 'dmarc_failure_rate',
      time_frame: '1d',
      params: JSON.stringify({ threshold_percent: 10, min_messages: 100 }),
      destination_addresses: JSON.stringify([seeded.member.email]),
      webhook_url: null,
      webhook_secret_enc: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const firing = await t.db
    .insertInto('alert_firings')
    .values({
      organization_id: seeded.org.id,
      rule_id: alert.id,
      subject: aDomain,
      kind: 'firing',
      day: '2026-01-02',
      observed: '{}',
      outbox_ids: '[]',
      pending: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const digest = await t.db
    .insertInto('digest_schedules')
    .values({
      organization_id: seeded.org.id,
      type: 'scheduled',
      name: `${aName} digest`,
      frequency: 'daily',
      day_of_week: null,
      day_of_month: null,
      hour: 6,
      time_zone: 'UTC',
      time_frame: 'last_7_days',
      domain_group_id: null,
      created_by: seeded.owner.id,
      destination_addresses: ['tenant-a-digest@example.com'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  a = {
    ...seeded,
    loner: loner.id,
    registration: reg.id,
    publication: pub.id,
    alert: Number(alert.id),
    firing: Number(firing.id),
    digest: Number(digest.id),
    reports,
    dns,
  };
  // A's Stripe customer and subscription, for the legacy payment host's calls that name them.
  await t.db
    .updateTable('organizations')
    .set({ stripe_customer_id: aCustomer })
    .where('id', '=', seeded.org.id)
    .execute();
  await t.db
    .insertInto('billing_subscriptions')
    .values({
      organization_id: seeded.org.id,
      stripe_subscription_id: aSubscription,
      stripe_customer_id: aCustomer,
      status: 'active',
      price: 'null',
      payment_method: 'null',
    })
    .execute();
  b = await seedTenant(t, 'Tenant B', 'tenant-b.example.com');
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ key: `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await t.close();
});

describe('tenancy, generated from /api/openapi.json', () => {
  it('covers every route, and only existing ones', () => {
    const keys = routes.map((r) => r.key);
    expect(
      keys.filter((k) => !(k in cases)),
      'routes without a tenancy case',
    ).toEqual([]);
    expect(
      Object.keys(cases).filter((k) => cases[k] !== 'public' && !keys.includes(k)),
      'cases for routes that no longer exist',
    ).toEqual([]);
  });

  it("lets organization B read only its own scope: A's names never appear", async () => {
    const secrets = [
      aDomain,
      aName,
      a.member.email,
      ...Object.values(aReports).map((r) => r.domain),
      ...aReportSecrets,
    ];
    for (const r of routes.filter((x) => cases[x.key] === 'own' && x.method === 'GET')) {
      const res = await call(t, 'GET', fill(r.path), b.tokens.owner);
      for (const secret of secrets) expect(res.body, r.key).not.toContain(secret);
    }
  });

  it("serves A's seeded reports to A's owner, so B's refusals below are about tenancy, not missing rows", async () => {
    const own = routes.filter((r) => r.path.startsWith('/api/dm/dmarc/') && Array.isArray(cases[r.key]));
    expect(own.length).toBe(5);
    for (const r of own) {
      const attack = (cases[r.key] as Exclude<(typeof cases)[string], string>)[0]!;
      const res = await call(t, r.method, attack.path(a, b), a.tokens.owner);
      expect(res.statusCode, r.key).toBe(200);
    }
    const list = await call(t, 'GET', '/api/dm/dmarc/aggregate-reports/', a.tokens.owner);
    expect(list.body).toContain(aReports.aggregate.domain);
  });

  it("keeps A's reports out of B's analytics over the dates they cover", async () => {
    const when = 'begin_date=2017-09-01&end_date=2017-09-30';
    const domain = aReports.aggregate.domain;
    const messages = async (token: string, url: string) => {
      const res = await call(t, 'GET', url, token);
      expect(res.statusCode, url).toBe(200);
      return res.json<{ data: { attributes: { nr_messages: number } } }>().data.attributes.nr_messages;
    };
    for (const url of [`/api/dm/domains/${domain}/metrics/?${when}`, `/api/dm/domains/metrics/?${when}`]) {
      expect(await messages(a.tokens.owner, url), url).toBe(1);
      expect(await messages(b.tokens.owner, url), url).toBe(0);
    }
    for (const url of [`/api/dm/aggregated-by-ip/?${when}`, `/api/dm/aggregated-by-domain/?${when}`]) {
      const mine = await call(t, 'GET', url, a.tokens.owner);
      expect(mine.statusCode, url).toBe(200);
      expect(mine.body, url).toContain(url.includes('by-ip') ? aReportSecrets[0] : domain);
      const theirs = await call(t, 'GET', url, b.tokens.owner);
      expect(theirs.statusCode, url).toBe(200);
      for (const secret of [domain, ...aReportSecrets]) expect(theirs.body, url).not.toContain(secret);
    }
  });

  it('refuses every non-public route without a token and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const r of routes.filter((x) => cases[x.key] !== 'public')) {
      const c = cases[r.key];
      const url = Array.isArray(c) ? c[0]!.path(a, b) : fill(r.path);
      const body = Array.isArray(c) ? c[0]!.body?.(a, b) : r.method === 'GET' ? undefined : {};
      const res = await call(t, r.method, url, null, body);
      if (res.statusCode !== 401) failures.push(`${r.key} answered ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses organization B's owner every call with organization A's identifiers, changing nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const r of routes) {
      const c = cases[r.key];
      if (!Array.isArray(c)) continue;
      for (const attack of c) {
        const url = attack.path(a, b);
        const res = await call(t, r.method, url, b.tokens.owner, attack.body?.(a, b));
        const allowed = attack.allow400 ? [400, 403, 404] : [403, 404];
        if (!allowed.includes(res.statusCode) || res.body.includes(a.member.email))
          failures.push(`${r.key} as ${url} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
