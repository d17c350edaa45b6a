import { startTestApp, type TestApp } from './support/app';
import { call, quickUser, seedTenant, tokenFor } from './support/orgs';

// A member an admin limits to some domains (PATCH /users/{id}/domains/) sees only those in every
// organization-scoped read: the domain lists, the domain groups and the organization's own document.
let t: TestApp;
let c: Awaited<ReturnType<typeof seedTenant>>;
let hiddenId: number;
let unlimited: string;

type Named = { id: number; attributes: { name: string } };
const names = (body: { data: Named[] }) => body.data.map((d) => d.attributes.name).sort();

beforeAll(async () => {
  t = await startTestApp();
  c = await seedTenant(t, 'Limit C', 'seen-c.example.com');
  const hidden = await t.db
    .insertInto('domains')
    .values({ name: 'hidden-c.example.com', organization_id: c.org.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  hiddenId = hidden.id;
  await t.db
    .insertInto('domain_group_domains')
    .values({ organization_id: c.org.id, group_id: c.groupId, domain_id: hiddenId })
    .execute();
  const assign = await call(t, 'PATCH', `/api/ph/users/${c.member.id}/domains/`, c.tokens.admin, {
    domains: ['seen-c.example.com'],
  });
  expect(assign.statusCode).toBe(200);
  unlimited = await tokenFor(t, await quickUser(t, { role: 'member', organizationId: c.org.id }));
});
afterAll(async () => {
  await t.close();
});

describe("a member's domain limit", () => {
  const both = ['hidden-c.example.com', 'seen-c.example.com'];

  it('holds on GET /organizations/{id}/domains/, with and without the slash and with a search', async () => {
    for (const url of [
      `/api/ph/organizations/${c.org.id}/domains/`,
      `/api/ph/organizations/${c.org.id}/domains`,
      '/api/dm/domains/',
      '/api/dm/v2/domains/',
    ]) {
      const limited = await call(t, 'GET', url, c.tokens.member);
      expect(limited.statusCode, url).toBe(200);
      expect(names(limited.json()), url).toEqual(['seen-c.example.com']);
      expect(limited.json().meta.count, url).toBe(1);
      for (const token of [c.tokens.owner, unlimited])
        expect(names((await call(t, 'GET', url, token)).json()), url).toEqual(both);
    }
    const search = await call(
      t,
      'GET',
      `/api/ph/organizations/${c.org.id}/domains/?search=hidden`,
      c.tokens.member,
    );
    expect(search.json().data).toEqual([]);
  });

  it('holds on the domain groups: lists, one group and its domains', async () => {
    const groupUrls = [
      `/api/dm/domain-groups/${c.groupId}/`,
      `/api/dm/v2/domain-groups/${c.groupId}/`,
      `/api/dm/v2/domain-groups/${c.groupId}/domains/`,
    ];
    const domainsOf = (res: { json: () => { data: unknown } }) => {
      const data = res.json().data as
        | { attributes: { domains: string[] }; relationships: { domains: { data: { id: number }[] } } }
        | { attributes: { domains: string[] }; relationships: { domains: { data: { id: number }[] } } }[];
      const group = Array.isArray(data) ? data[0]! : data;
      return { names: group.attributes.domains, ids: group.relationships.domains.data.map((d) => d.id) };
    };
    for (const url of ['/api/dm/domain-groups/', '/api/dm/v2/domain-groups/', ...groupUrls]) {
      const limited = domainsOf(await call(t, 'GET', url, c.tokens.member));
      expect(limited.names, url).toEqual(['seen-c.example.com']);
      expect(limited.ids, url).not.toContain(hiddenId);
      expect(domainsOf(await call(t, 'GET', url, c.tokens.owner)).names, url).toEqual(both);
      expect(domainsOf(await call(t, 'GET', url, unlimited)).names, url).toEqual(both);
    }
  });

  it("holds on the organization's document: only the member's domain ids", async () => {
    const ids = async (token: string) =>
      (await call(t, 'GET', `/api/ph/organizations/${c.org.id}/`, token))
        .json<{ data: { relationships: { domains: { data: { id: number }[] } } } }>()
        .data.relationships.domains.data.map((d) => d.id)
        .sort((x, y) => x - y);
    expect(await ids(c.tokens.member)).toEqual([c.domainId]);
    expect(await ids(c.tokens.owner)).toEqual([c.domainId, hiddenId].sort((x, y) => x - y));
    const list = await call(t, 'GET', '/api/ph/organizations/', c.tokens.member);
    const listed = list.json<{ data: { relationships: { domains: { data: { id: number }[] } } }[] }>().data;
    expect(listed.flatMap((o) => o.relationships.domains.data.map((d) => d.id))).toEqual([c.domainId]);
  });
});
