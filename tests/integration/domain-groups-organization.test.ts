import { startTestApp, type TestApp } from './support/app';
import { call, quickUser, seedTenant, tokenFor } from './support/orgs';

// GET /v2/domain-groups/?organization=: the global filter's organization narrows a support user's list (which
// otherwise holds every organization's groups); others may name only their own organization.

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
let support: string;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Filter A', 'filter-a.example.com');
  b = await seedTenant(t, 'Filter B', 'filter-b.example.com');
  support = await tokenFor(t, await quickUser(t, { role: 'support' }));
});
afterAll(async () => {
  await t.close();
});

const names = async (token: string, query: string) => {
  const res = await call(t, 'GET', `/api/dm/v2/domain-groups/?page_size=100${query}`, token);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { attributes: { name: string } }[]).map((g) => g.attributes.name);
};

describe('domain groups list by organization', () => {
  it('gives support one organization’s groups, or every group without the parameter', async () => {
    expect(await names(support, `&organization=${a.org.id}`)).toEqual(['Filter A group']);
    expect(await names(support, `&organization=${b.org.id}`)).toEqual(['Filter B group']);
    expect(await names(support, '')).toEqual(expect.arrayContaining(['Filter A group', 'Filter B group']));
    const v1 = await call(t, 'GET', `/api/dm/domain-groups/?organization=${b.org.id}`, support);
    expect(v1.json().meta.count).toBe(1);
  });

  it('lets a member name their own organization, and answers 404 for another', async () => {
    expect(await names(a.tokens.member, `&organization=${a.org.id}`)).toEqual(['Filter A group']);
    const other = await call(t, 'GET', `/api/dm/v2/domain-groups/?organization=${b.org.id}`, a.tokens.member);
    expect(other.statusCode).toBe(404);
  });

  it('rejects an organization that is not a positive id', async () => {
    const res = await call(t, 'GET', '/api/dm/v2/domain-groups/?organization=abc', support);
    expect(res.statusCode).toBe(400);
  });
});
