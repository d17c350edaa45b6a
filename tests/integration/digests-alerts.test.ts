import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

// The open alerts of the period in a digest: the rules and subjects that fired on a day of the
// period, for the report's domains and organization only, whether still open, in the mail's HTML and text.

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;

async function rule(organizationId: number, name: string, target: string) {
  const row = await t.db
    .insertInto('alert_rules')
    .values({
      organization_id: organizationId,
      creator_email: 'admin@example.com',
      name,
      scope_type: 'domain',
      target_selection: target,
      condition: 'dmarc_failure_rate',
      time_frame: '7d',
      params: '{}',
      destination_addresses: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function fired(organizationId: number, ruleId: number, subject: string, day: string) {
  await t.db
    .insertInto('alert_firings')
    .values({
      organization_id: organizationId,
      rule_id: ruleId,
      subject,
      kind: 'firing',
      day,
      observed: '{"rate": 40}',
      fired_at: `${day}T12:00:00Z`,
      outbox_ids: '[]',
    })
    .execute();
}

beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Alerts A', 'alerts-a.example.com');
  b = await seedTenant(t, 'Alerts B', 'alerts-b.example.com');
  const other = await t.db
    .insertInto('domains')
    .values({ name: 'outside.example.com', organization_id: a.org.id, verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const failures = await rule(a.org.id, 'Failures on A', 'alerts-a.example.com');
  await fired(a.org.id, failures, 'alerts-a.example.com', '2026-11-17');
  await fired(a.org.id, failures, 'alerts-a.example.com', '2026-11-20');
  await fired(a.org.id, failures, 'alerts-a.example.com', '2026-11-02'); // before the period
  await t.db
    .insertInto('alert_states')
    .values({
      organization_id: a.org.id,
      rule_id: failures,
      subject: 'alerts-a.example.com',
      state: 'firing',
      day: '2026-11-20',
      observed: '{}',
    })
    .execute();
  // A domain outside the group, and another organization's firing: in neither report of A's group.
  const outside = await rule(a.org.id, 'Failures outside', 'outside.example.com');
  await fired(a.org.id, outside, 'outside.example.com', '2026-11-18');
  const theirs = await rule(b.org.id, 'Their rule', 'alerts-b.example.com');
  await fired(b.org.id, theirs, 'alerts-b.example.com', '2026-11-18');
  expect(other.id).toBeGreaterThan(0);
});
afterAll(async () => {
  await t.close();
});

async function preview(over: Record<string, unknown>) {
  const made = await call(t, 'POST', '/api/dm/digest-reports/scheduled/', a.tokens.admin, {
    schedule: { frequency: 'weekly', day_of_week: 1, hour: 7, time_zone: 'UTC' },
    time_frame: 'last_7_days',
    destination_addresses: ['ops@example.com'],
    ...over,
  });
  expect(made.statusCode).toBe(201);
  const id = made.json().data.id as number;
  const res = await call(
    t,
    'GET',
    `/api/dm/digest-reports/scheduled/${id}/preview/?end_date=2026-11-22`,
    a.tokens.admin,
  );
  expect(res.statusCode).toBe(200);
  return res.json() as { html: string; text: string };
}

describe('alerts of the period in a digest', () => {
  it('lists the rules that fired in the period for the report’s domains, open ones marked', async () => {
    const { html, text } = await preview({ name: 'Group', all_domains: false, domain_group: a.groupId });
    expect(text).toContain('Alerts in this period');
    // Two firings inside 2026-11-16..22 (the one of 2026-11-02 is before), the last on the 20th, still open.
    expect(text).toContain('Failures on A | alerts-a.example.com | 2 | 2026-11-20 | open');
    expect(html).toContain('Alerts in this period');
    expect(html).toContain('alerts-a.example.com');
    expect(text).not.toContain('outside.example.com');
    expect(text).not.toContain('Their rule');
  });

  it('a report of all domains has every rule of its organization, and says when none fired', async () => {
    const all = await preview({ name: 'All', all_domains: true });
    expect(all.text).toContain('Failures outside | outside.example.com | 1 | 2026-11-18 | resolved');
    expect(all.text).not.toContain('Their rule');
    const quiet = await call(t, 'POST', '/api/dm/digest-reports/scheduled/', a.tokens.admin, {
      name: 'Pt',
      all_domains: true,
      language: 'pt',
      destination_addresses: ['ops@example.com'],
    });
    const id = quiet.json().data.id as number;
    const res = await call(
      t,
      'GET',
      `/api/dm/digest-reports/scheduled/${id}/preview/?end_date=2026-10-10`,
      a.tokens.admin,
    );
    expect(res.json().text).toContain('Nenhum alerta disparou neste período.');
  });
});
