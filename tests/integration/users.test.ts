import { currentUserSchema } from '../../contract/auth';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function session(role: 'owner' | 'member' | 'support' = 'owner') {
  const made = await makeUser(t.db, { role });
  const res = await login(t.app, { username: made.email, password: made.password });
  return { ...made, access: res.json<{ access: string }>().access };
}

describe('GET /api/ph/users/{id}/', () => {
  it('answers the current user document with every field and the default benefits', async () => {
    const { user, email, access } = await session();
    await t.db
      .insertInto('publications')
      .values({ organization_id: null, title: 'For everyone', body: '' })
      .execute();
    const res = await t.app.inject({ url: `/api/ph/users/${user.id}/`, headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ data: { type: string; id: number; attributes: Record<string, unknown> } }>();
    expect(doc.data.type).toBe('users');
    expect(doc.data.id).toBe(user.id);
    const attributes = currentUserSchema.parse(doc.data.attributes);
    expect(attributes).toMatchObject({
      username: email,
      email,
      alerts_email: null,
      groups: [{ label: 'Owner', value: 1 }],
      domains: [],
      has_2_factor_authentication: false,
      stripe_customer_id: null,
      organization: user.organization_id,
      benefits: {
        domains: 100,
        campaigns: 1000,
        campaign_recipients: 100,
        retention: 30,
        organization_members_limit: 10,
        alerts: 50,
        digest_reports: 20,
        dns_zones: 20,
      },
      trial_end_date: null,
      layout_theme: 'primaryTheme',
      language: null, // never chosen: the console stores the login page's language at first sign-in
    });
    expect(attributes.permissions.length).toBeGreaterThan(0);
    expect(attributes.publications).toContainEqual(expect.objectContaining({ title: 'For everyone' }));
    expect(attributes.last_login).not.toBeNull();
  });

  it("answers 404 for another user's id, and for an id that does not exist", async () => {
    const me = await session('member');
    const other = await makeUser(t.db);
    for (const id of [other.user.id, 999_999]) {
      const res = await t.app.inject({ url: `/api/ph/users/${id}/`, headers: bearer(me.access) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Not found.' });
    }
  });

  it('lets a support user read any user', async () => {
    const support = await session('support');
    const other = await makeUser(t.db);
    const res = await t.app.inject({
      url: `/api/ph/users/${other.user.id}/`,
      headers: bearer(support.access),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { attributes: { email: string } } }>().data.attributes.email).toBe(other.email);
  });
});

describe('PATCH /api/ph/users/{id}/settings/', () => {
  it('stores layout theme and language, answers the document and writes an audit operation', async () => {
    const { user, access } = await session();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/ph/users/${user.id}/settings/`,
      headers: bearer(access),
      payload: { layout_theme: 'carrierTheme', language: 'pt' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { attributes: { layout_theme: 'carrierTheme', language: 'pt' } },
    });
    const again = await t.app.inject({ url: `/api/ph/users/${user.id}/`, headers: bearer(access) });
    expect(again.json()).toMatchObject({
      data: { attributes: { layout_theme: 'carrierTheme', language: 'pt' } },
    });
    const audit = await t.db
      .selectFrom('audit_operations')
      .selectAll()
      .where('name', '=', 'users.settings.update')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ response_status: 200, organization_id: user.organization_id });
    expect(audit[0]?.request).toMatchObject({
      method: 'PATCH',
      body: { layout_theme: 'carrierTheme', language: 'pt' },
    });
  });

  it('answers DRF field errors for invalid values and 404 for another user', async () => {
    const { user, access } = await session();
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/ph/users/${user.id}/settings/`,
      headers: bearer(access),
      payload: { layout_theme: 'neon', language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      layout_theme: ['Not a valid choice.'],
      language: ['Not a valid choice.'],
    });
    const other = await makeUser(t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/ph/users/${other.user.id}/settings/`,
      headers: bearer(access),
      payload: { language: 'pt' },
    });
    expect(res.statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('response_status')
      .where('name', '=', 'users.settings.update')
      .where('user_id', '=', user.id)
      .execute();
    expect(audit.map((a) => a.response_status)).toEqual([404]);
  });
});
