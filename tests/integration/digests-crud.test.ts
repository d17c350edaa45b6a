import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

// Digest reports: the schedules' CRUD under /api/dm/digest-reports/, its validation at the edge,
// tenancy, the benefit limit and the audit trail.

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Digest A', 'digest-a.example.com');
  b = await seedTenant(t, 'Digest B', 'digest-b.example.com');
});
afterAll(async () => {
  await t.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Weekly security',
  schedule: { frequency: 'weekly', day_of_week: 1, hour: 7, time_zone: 'Europe/Lisbon' },
  time_frame: 'last_7_days',
  all_domains: false,
  domain_group: null,
  specific_domains: [a.domainId],
  include_details_per_system: true,
  include_aggregation_by_ip: true,
  include_aggregation_by_sender_service: false,
  destination_addresses: ['Ops@Example.com'],
  quiet_week: 'skip',
  language: 'pt',
  ...over,
});

describe('digest reports CRUD', () => {
  it('creates, reads, lists, changes and deletes a scheduled report, each change audited', async () => {
    const created = await call(t, 'POST', '/api/dm/digest-reports/scheduled/', a.tokens.admin, body());
    expect(created.statusCode).toBe(201);
    const doc = created.json().data;
    expect(doc.type).toBe('digest_reports');
    expect(doc.attributes).toMatchObject({
      report_type: 'scheduled',
      name: 'Weekly security',
      schedule: {
        frequency: 'weekly',
        day_of_week: 1,
        day_of_month: null,
        hour: 7,
        time_zone: 'Europe/Lisbon',
      },
      all_domains: false,
      specific_domains: [a.domainId],
      domains: ['digest-a.example.com'],
      destination_addresses: ['ops@example.com'],
      quiet_week: 'skip',
      organization: a.org.id,
      last_sent: null,
    });
    // Next Monday 07:00 in Lisbon.
    const next = new Date(doc.attributes.next_run);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getUTCDay()).toBe(1);

    const one = await call(t, 'GET', `/api/dm/digest-reports/scheduled/${doc.id}/`, a.tokens.owner);
    expect(one.json().data.attributes.name).toBe('Weekly security');
    // The type is part of the address.
    expect(
      (await call(t, 'GET', `/api/dm/digest-reports/weekly/${doc.id}/`, a.tokens.owner)).statusCode,
    ).toBe(404);

    const patched = await call(t, 'PATCH', `/api/dm/digest-reports/scheduled/${doc.id}/`, a.tokens.admin, {
      all_domains: false,
      domain_group: a.groupId,
      specific_domains: [],
      schedule: { frequency: 'monthly', day_of_month: 31, hour: 23, time_zone: 'America/Sao_Paulo' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.attributes).toMatchObject({
      domain_group: a.groupId,
      domain_group_name: 'Digest A group',
      schedule: { frequency: 'monthly', day_of_week: null, day_of_month: 31, hour: 23 },
    });

    const list = await call(t, 'GET', '/api/dm/digest-reports/?type=scheduled', a.tokens.admin);
    expect(list.json().meta.count).toBe(1);
    expect((await call(t, 'GET', '/api/dm/digest-reports/', b.tokens.admin)).json().meta.count).toBe(0);

    const del = await call(t, 'DELETE', `/api/dm/digest-reports/scheduled/${doc.id}/`, a.tokens.admin);
    expect(del.statusCode).toBe(204);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select(['name', 'response_status'])
      .where('organization_id', '=', a.org.id)
      .where('name', 'like', 'digest_reports.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { name: 'digest_reports.create', response_status: 201 },
      { name: 'digest_reports.update', response_status: 200 },
      { name: 'digest_reports.delete', response_status: 204 },
    ]);
  });

  it('answers 400 with the field for bad zones, impossible dates, NUL bytes and bad addresses', async () => {
    const bad = async (over: Record<string, unknown>) => {
      const r = await call(
        t,
        'POST',
        '/api/dm/digest-reports/scheduled/',
        a.tokens.admin,
        body({ name: 'x', ...over }),
      );
      expect(r.statusCode).toBe(400);
      // The fields and their English texts; their codes (error_codes) are the handler tests' subject.
      const { error_codes: codes, ...fields } = r.json() as Record<string, string[]>;
      expect(codes).toBeDefined();
      return fields;
    };
    expect(await bad({ schedule: { frequency: 'daily', hour: 7, time_zone: 'Mars/Olympus' } })).toEqual({
      schedule: ['Enter a valid IANA time zone (for example Europe/Lisbon).'],
    });
    expect(Object.keys(await bad({ schedule: { frequency: 'daily', hour: 24, time_zone: 'UTC' } }))).toEqual([
      'schedule.hour',
    ]);
    expect(await bad({ schedule: { frequency: 'weekly', hour: 7, time_zone: 'UTC' } })).toEqual({
      schedule: ['A weekly schedule needs day_of_week (1 = Monday to 7 = Sunday).'],
    });
    expect(Object.keys(await bad({ name: 'a\u0000b' }))).toContain('name');
    expect(Object.keys(await bad({ destination_addresses: ['not-an-address'] }))[0]).toMatch(
      /^destination_addresses/,
    );
    expect(await bad({ destination_addresses: [] })).toEqual({
      destination_addresses: ['Add at least one destination address.'],
    });
    expect(await bad({ specific_domains: [b.domainId] })).toEqual({
      specific_domains: [`Invalid pk "${b.domainId}" - object does not exist.`],
    });
    expect(await bad({ domain_group: b.groupId, specific_domains: [] })).toEqual({
      domain_group: [`Invalid pk "${b.groupId}" - object does not exist.`],
    });
    const created = await call(
      t,
      'POST',
      '/api/dm/digest-reports/scheduled/',
      a.tokens.admin,
      body({ name: 'Dated' }),
    );
    const id = created.json().data.id;
    const preview = await call(
      t,
      'GET',
      `/api/dm/digest-reports/scheduled/${id}/preview/?end_date=2026-02-30`,
      a.tokens.admin,
    );
    expect(preview.statusCode).toBe(400);
    expect(preview.json()).toMatchObject({ end_date: ['Enter a valid date (YYYY-MM-DD).'] });
    const type = await call(t, 'POST', '/api/dm/digest-reports/daily/', a.tokens.admin, body({ name: 'T' }));
    expect(type.statusCode).toBe(400);
    await call(t, 'DELETE', `/api/dm/digest-reports/scheduled/${id}/`, a.tokens.admin);
  });

  it('keeps reports to their organization and to admins', async () => {
    const created = await call(
      t,
      'POST',
      '/api/dm/digest-reports/scheduled/',
      a.tokens.admin,
      body({ name: 'Mine' }),
    );
    const id = created.json().data.id;
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Theirs' }], ['DELETE']] as const) {
      const r = await call(t, method, `/api/dm/digest-reports/scheduled/${id}/`, b.tokens.admin, payload);
      expect(r.statusCode).toBe(404);
    }
    expect(
      (await call(t, 'GET', `/api/dm/digest-reports/scheduled/${id}/`, a.tokens.member)).statusCode,
    ).toBe(403);
    expect(
      (await call(t, 'POST', '/api/dm/digest-reports/scheduled/', a.tokens.member, body({ name: 'M' })))
        .statusCode,
    ).toBe(403);
    await call(t, 'DELETE', `/api/dm/digest-reports/scheduled/${id}/`, a.tokens.admin);
  });

  it('limits scheduled reports by the benefit, and the organization digests to one each', async () => {
    await t.db
      .updateTable('organizations')
      .set({ benefits: JSON.stringify({ digest_reports: 2 }) })
      .where('id', '=', b.org.id)
      .execute();
    const mk = (name: string, type = 'scheduled') =>
      call(t, 'POST', `/api/dm/digest-reports/${type}/`, b.tokens.owner, {
        name,
        destination_addresses: ['b@example.com'],
      });
    expect((await mk('one')).statusCode).toBe(201);
    expect((await mk('two')).statusCode).toBe(201);
    const third = await mk('three');
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({
      non_field_errors: [
        'Your plan allows at most 2 scheduled reports. Remove a report or upgrade the plan.',
      ],
    });
    const weekly = await mk('Weekly digest', 'weekly');
    expect(weekly.statusCode).toBe(201);
    expect(weekly.json().data.attributes).toMatchObject({ time_frame: 'last_7_days', all_domains: true });
    expect((await mk('Weekly again', 'weekly')).json()).toMatchObject({
      non_field_errors: ['This organization already has a weekly digest.'],
    });
    const monthly = await mk('Monthly digest', 'monthly');
    expect(monthly.json().data.attributes).toMatchObject({
      time_frame: 'last_month',
      schedule: { frequency: 'monthly', day_of_month: 1 },
    });
    const fixed = await call(
      t,
      'PATCH',
      `/api/dm/digest-reports/monthly/${monthly.json().data.id}/`,
      b.tokens.owner,
      {
        time_frame: 'last_7_days',
      },
    );
    expect(fixed.json()).toMatchObject({
      schedule: ['A monthly digest has a fixed schedule and time frame.'],
    });
  });
});
