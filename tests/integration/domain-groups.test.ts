import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Groups A', 'groups-a.example.com');
  await t.db
    .insertInto('domains')
    .values({ name: 'second-a.example.com', organization_id: a.org.id })
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('domain groups v1', () => {
  it('creates with name and owner, replaces domains from the repeated form field, deletes', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dm/domain-groups/create/',
      headers: {
        authorization: `Bearer ${a.tokens.admin}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `name=Marketing&owner=${a.member.id}`,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.attributes).toEqual({
      name: 'Marketing',
      owner: a.member.id,
      organization: a.org.id,
      domains: [],
    });
    const update = await t.app.inject({
      method: 'POST',
      url: `/api/dm/domain-groups/${id}/update/`,
      headers: {
        authorization: `Bearer ${a.tokens.admin}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'domains=groups-a.example.com&domains=second-a.example.com',
    });
    expect(update.json().data.attributes.domains).toEqual(['groups-a.example.com', 'second-a.example.com']);
    const unknown = await call(t, 'POST', `/api/dm/domain-groups/${id}/update/`, a.tokens.admin, {
      domains: ['nope.example.com'],
    });
    expect(unknown.json()).toMatchObject({
      __all__: ['Domain nope.example.com does not belong to this organization.'],
    });
    const dup = await call(t, 'POST', '/api/dm/domain-groups/create/', a.tokens.admin, { name: 'Marketing' });
    expect(dup.json()).toMatchObject({ name: ['A domain group with this name already exists.'] });
    const list = await call(t, 'GET', '/api/dm/domain-groups/?page=1', a.tokens.member);
    expect(list.json().meta.count).toBe(2);
    const one = await call(t, 'GET', `/api/dm/domain-groups/${id}/`, a.tokens.member);
    expect(one.json().data.relationships.owner.data).toEqual({ type: 'users', id: a.member.id });
    const del = await call(t, 'POST', `/api/dm/domain-groups/${id}/delete/`, a.tokens.admin);
    expect(del.json()).toMatchObject({ detail: 'Domain group has been deleted.' });
  });
});

describe('domain groups v2', () => {
  it('adds and removes domains, warns on an empty selection, deletes with 204', async () => {
    const created = await call(t, 'POST', '/api/dm/v2/domain-groups/', a.tokens.owner, { name: 'Sales' });
    const id = created.json().data.id;
    const empty = await call(t, 'POST', `/api/dm/v2/domain-groups/${id}/domains/`, a.tokens.owner, {
      domains: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ __all__: ['You need to select an option to add.'] });
    const blank = await call(t, 'POST', `/api/dm/v2/domain-groups/${id}/domains/`, a.tokens.owner, {
      domains: [''],
    });
    expect(blank.json()).toMatchObject({ __all__: ['You need to select an option to add.'] });
    const add = await call(t, 'POST', `/api/dm/v2/domain-groups/${id}/domains/`, a.tokens.owner, {
      domains: ['second-a.example.com'],
    });
    expect(add.statusCode).toBe(201);
    const get = await call(t, 'GET', `/api/dm/v2/domain-groups/${id}/domains/`, a.tokens.member);
    expect(get.json().data.attributes.domains).toEqual(['second-a.example.com']);
    const rename = await call(t, 'PATCH', `/api/dm/v2/domain-groups/${id}/`, a.tokens.owner, {
      name: 'Sales EU',
    });
    expect(rename.json().data.attributes.name).toBe('Sales EU');
    const remove = await call(t, 'DELETE', `/api/dm/v2/domain-groups/${id}/domains/`, a.tokens.owner, {
      domains: ['second-a.example.com'],
    });
    expect(remove.json().data.attributes.domains).toEqual([]);
    const memberDelete = await call(t, 'DELETE', `/api/dm/v2/domain-groups/${id}/`, a.tokens.member);
    expect(memberDelete.statusCode).toBe(403);
    const del = await call(t, 'DELETE', `/api/dm/v2/domain-groups/${id}/`, a.tokens.owner);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await call(t, 'GET', `/api/dm/v2/domain-groups/${id}/`, a.tokens.owner)).statusCode).toBe(404);
  });
});
