import { call, seedTenant, type Tenant } from './support/orgs';
import { startTestApp, type TestApp } from './support/app';

// The alert rules over HTTP: create, read, change, delete, the field errors, the plan's limit, who sees what.

let t: TestApp;
let a: Tenant & { domainId: number; groupId: number };
let b: Tenant & { domainId: number; groupId: number };
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Alerts A', 'alerts-a.example.com');
  b = await seedTenant(t, 'Alerts B', 'alerts-b.example.com');
}, 120_000);
afterAll(() => t.close());

const rule = (over: Record<string, unknown> = {}) => ({
  scope_type: 'domain',
  target_selection: 'alerts-a.example.com',
  condition: 'dmarc_failure_rate',
  params: { threshold_percent: 20 },
  destination_addresses: ['ops@example.com'],
  ...over,
});

describe('alert rules', () => {
  it('serves the catalogue of conditions with parameters, units and defaults', async () => {
    const res = await call(t, 'GET', '/api/dm/conditions/', a.tokens.member);
    expect(res.statusCode).toBe(200);
    const rate = res.json().data.find((c: { id: string }) => c.id === 'dmarc_failure_rate');
    expect(rate.attributes.params).toContainEqual(
      expect.objectContaining({ name: 'threshold_percent', unit: 'percent', default: 10 }),
    );
  });

  it('creates, reads, changes and deletes a rule, each audited', async () => {
    const created = await call(t, 'POST', '/api/dm/alerts/', a.tokens.admin, rule());
    expect(created.statusCode).toBe(201);
    const doc = created.json().data;
    expect(doc.attributes).toMatchObject({
      scope_type: 'domain',
      domain: 'alerts-a.example.com',
      is_active: true,
      params: { threshold_percent: 20, min_messages: 100 },
      destination_addresses: ['ops@example.com'],
      state: 'ok',
      has_webhook_secret: false,
    });
    const id = doc.id as number;
    const read = await call(t, 'GET', `/api/dm/alerts/${id}/`, a.tokens.owner);
    expect(read.json().data.id).toBe(id);
    const patched = await call(t, 'PATCH', `/api/dm/alerts/${id}/`, a.tokens.admin, { is_active: false });
    expect(patched.json().data.attributes.is_active).toBe(false);
    const list = await call(t, 'GET', '/api/dm/alerts/?is_active=false', a.tokens.owner);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    const gone = await call(t, 'DELETE', `/api/dm/alerts/${id}/`, a.tokens.admin);
    expect(gone.statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/dm/alerts/${id}/`, a.tokens.owner)).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('name')
      .where('name', 'like', 'alerts.%')
      .where('organization_id', '=', a.org.id)
      .execute();
    expect(audit.map((r) => r.name).sort()).toEqual(['alerts.create', 'alerts.delete', 'alerts.update']);
  });

  it('answers field errors for a bad target, condition, params and addresses', async () => {
    const res = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      a.tokens.admin,
      rule({ target_selection: 'alerts-b.example.com', params: { threshold_percent: 250, bogus: 1 } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ target_selection: ['Select a domain of your organization.'] });
    const params = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      a.tokens.admin,
      rule({ params: { threshold_percent: 250, bogus: 1 } }),
    );
    expect(params.json().params).toEqual([
      'bogus: not a parameter of dmarc_failure_rate.',
      'threshold_percent: Ensure this value is less than or equal to 100.',
    ]);
    const mail = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      a.tokens.admin,
      rule({ destination_addresses: ['nope'] }),
    );
    expect(mail.statusCode).toBe(400);
    expect(JSON.stringify(mail.json())).toContain('Enter a valid email address.');
    const scope = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      a.tokens.admin,
      rule({ scope_type: 'ip', target_selection: '192.0.2.1', condition: 'no_reports', params: {} }),
    );
    expect(scope.json()).toMatchObject({ condition: ['This condition cannot watch this scope.'] });
    const hook = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      a.tokens.admin,
      rule({ webhook_url: 'http://10.0.0.5/hook' }),
    );
    expect(hook.json()).toMatchObject({ webhook_url: ['The webhook must be on a public address.'] });
  });

  it('keeps the webhook secret encrypted and never returns it', async () => {
    const res = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      a.tokens.admin,
      rule({ webhook_url: 'https://hooks.example.com/x', webhook_secret: 'a-secret-of-some-length' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('a-secret-of-some-length');
    expect(res.json().data.attributes.has_webhook_secret).toBe(true);
    const row = await t.db
      .selectFrom('alert_rules')
      .select('webhook_secret_enc')
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.webhook_secret_enc).toMatch(/^v1\./);
  });

  it('limits rules per organization from its benefits', async () => {
    await t.db
      .updateTable('organizations')
      .set({ benefits: JSON.stringify({ alerts: 1 }) })
      .where('id', '=', b.org.id)
      .execute();
    // The limit is one of the user's benefits, so the page can show it.
    const me = await call(t, 'GET', `/api/ph/users/${b.owner.id}/`, b.tokens.owner);
    expect(me.json().data.attributes.benefits.alerts).toBe(1);
    const first = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      b.tokens.owner,
      rule({ target_selection: 'alerts-b.example.com' }),
    );
    expect(first.statusCode).toBe(201);
    const second = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      b.tokens.owner,
      rule({ target_selection: 'alerts-b.example.com' }),
    );
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      non_field_errors: ['Your plan allows at most 1 alert rules. Remove a rule or upgrade the plan.'],
    });
  });

  it("never shows or changes another organization's rule; members see only their own", async () => {
    const mine = await call(
      t,
      'POST',
      '/api/dm/alerts/',
      a.tokens.admin,
      rule({ scope_type: 'domain_group', target_selection: String(a.groupId) }),
    );
    expect(mine.json().data.attributes.domain_group_name).toBe('Alerts A group');
    const id = mine.json().data.id as number;
    expect((await call(t, 'GET', `/api/dm/alerts/${id}/`, b.tokens.owner)).statusCode).toBe(404);
    expect(
      (await call(t, 'PATCH', `/api/dm/alerts/${id}/`, b.tokens.owner, { is_active: false })).statusCode,
    ).toBe(404);
    expect((await call(t, 'DELETE', `/api/dm/alerts/${id}/`, b.tokens.owner)).statusCode).toBe(404);
    const bList = await call(t, 'GET', '/api/dm/alerts/', b.tokens.owner);
    expect(
      bList
        .json()
        .data.every((r: { attributes: { organization: number } }) => r.attributes.organization === b.org.id),
    ).toBe(true);
    expect((await call(t, 'GET', `/api/dm/alerts/${id}/`, a.tokens.member)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/dm/alerts/', a.tokens.member)).json().data).toEqual([]);
  });
});
