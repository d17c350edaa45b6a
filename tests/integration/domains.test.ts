import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Dom A', 'dom-a.example.com');
  b = await seedTenant(t, 'Dom B', 'dom-b.example.com');
});
afterAll(async () => {
  await t.close();
});

const form = (token: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dm/domains/create/',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

describe('domains', () => {
  it('creates from the form field name, normalised to lower-case punycode', async () => {
    const res = await form(a.tokens.admin, `name=${encodeURIComponent('Bücher.DE')}`);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'domains',
      attributes: { name: 'xn--bcher-kva.de', organization: a.org.id },
    });
    const list = await call(t, 'GET', '/api/dm/domains/?search=bcher', a.tokens.member);
    expect(list.json().data.map((d: { attributes: { name: string } }) => d.attributes.name)).toEqual([
      'xn--bcher-kva.de',
    ]);
  });

  it('refuses a trailing dot, a non-registrable name, a duplicate and a domain of another organization', async () => {
    const cases: [string, string][] = [
      ['example.org.', 'Enter the domain name without a trailing dot.'],
      ['co.uk', 'Enter a registrable domain name under a public suffix (for example example.com).'],
      ['dom-a.example.com', 'This domain is already registered in this organization.'],
      ['DOM-B.example.com', 'This domain cannot be added.'],
    ];
    for (const [name, message] of cases) {
      const res = await form(a.tokens.owner, `name=${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toMatchObject({ name: [message] });
    }
    const blank = await form(a.tokens.owner, '');
    expect(blank.json()).toMatchObject({ name: ['This field is required.'] });
  });

  it('enforces the domains benefit', async () => {
    await t.db
      .updateTable('organizations')
      .set({ benefits: JSON.stringify({ domains: 1 }) })
      .where('id', '=', b.org.id)
      .execute();
    const res = await form(b.tokens.owner, 'name=second-b.example.com');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: ['Your plan allows at most 1 domains. Remove a domain or upgrade the plan.'],
    });
  });

  it('lists v2 with relationships and paging, and deletes by name', async () => {
    const v2 = await call(t, 'GET', '/api/dm/v2/domains/?page_size=1', a.tokens.member);
    const body = v2.json();
    expect(body.meta).toMatchObject({ count: 2, page: 1, page_size: 1 });
    expect(body.links.next).toBe('/api/dm/v2/domains/?page_size=1&page=2');
    expect(body.data[0].relationships.organization.data).toEqual({ type: 'organizations', id: a.org.id });
    const memberDelete = await call(t, 'POST', '/api/dm/domains/dom-a.example.com/delete/', a.tokens.member);
    expect(memberDelete.statusCode).toBe(403);
    const del = await call(t, 'POST', '/api/dm/domains/dom-a.example.com/delete/', a.tokens.owner);
    expect(del.statusCode).toBe(200);
    const again = await call(t, 'POST', '/api/dm/domains/dom-a.example.com/delete/', a.tokens.owner);
    expect(again.statusCode).toBe(404);
  });

  it('manages organization domains through /organizations/{id}/domains', async () => {
    const add = await call(t, 'POST', `/api/ph/organizations/${a.org.id}/domains/`, a.tokens.admin, {
      name: 'org-dom.example.com',
    });
    expect(add.statusCode).toBe(201);
    const id = add.json().data.id;
    const rename = await call(t, 'PATCH', `/api/ph/organizations/${a.org.id}/domains`, a.tokens.admin, {
      id,
      name: 'renamed.example.com',
    });
    expect(rename.json().data.attributes.name).toBe('renamed.example.com');
    const list = await call(t, 'GET', `/api/ph/organizations/${a.org.id}/domains?page=1`, a.tokens.member);
    expect(list.json().data.map((d: { id: number }) => d.id)).toContain(id);
    const del = await call(t, 'DELETE', `/api/ph/organizations/${a.org.id}/domains/`, a.tokens.admin, { id });
    expect(del.statusCode).toBe(204);
  });

  it('limits a member to assigned domains', async () => {
    const c = await seedTenant(t, 'Dom C', 'dom-c.example.com');
    await call(t, 'POST', '/api/dm/domains/create/', c.tokens.owner, { name: 'other-c.example.com' });
    const assign = await call(t, 'PATCH', `/api/ph/users/${c.member.id}/domains/`, c.tokens.admin, {
      domains: ['dom-c.example.com'],
    });
    expect(assign.statusCode).toBe(200);
    const list = await call(t, 'GET', '/api/dm/domains/', c.tokens.member);
    expect(list.json().data.map((d: { attributes: { name: string } }) => d.attributes.name)).toEqual([
      'dom-c.example.com',
    ]);
    const me = await call(t, 'GET', `/api/ph/users/${c.member.id}/`, c.tokens.member);
    expect(me.json().data.attributes.domains).toEqual(['dom-c.example.com']);
    const foreign = await call(t, 'PATCH', `/api/ph/users/${c.member.id}/domains/`, c.tokens.admin, {
      domains: ['dom-b.example.com'],
    });
    expect(foreign.json()).toMatchObject({
      domains: ["Domain dom-b.example.com does not belong to the user's organization."],
    });
  });
});
