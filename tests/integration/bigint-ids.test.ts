import { sql } from 'kysely';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

// Identities are bigint (migration 0044, docs/SCALING.md "Citus"): ids past int4's 2^31 - 1 are stored,
// and the database layer reads int8 (ids, count(*)) as JavaScript numbers, so the API keeps numeric ids.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const past32 = 3_000_000_000;

describe('bigint identities', () => {
  it('stores and serves ids past 2^31 as numbers', async () => {
    for (const seq of ['organizations_id_seq', 'users_id_seq', 'domains_id_seq', 'domain_groups_id_seq'])
      await sql`select setval(${seq}::regclass, ${past32})`.execute(t.db);
    const a = await seedTenant(t, 'Big ids', 'big-ids.example.com');
    expect(a.org.id).toBe(past32 + 1);
    expect(a.domainId).toBe(past32 + 1);
    const list = await call(t, 'GET', '/api/dm/v2/domains/', a.tokens.member);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      id: past32 + 1,
      relationships: { organization: { data: { type: 'organizations', id: past32 + 1 } } },
    });
  });

  it('reads count(*) and int8 arrays as numbers', async () => {
    const { rows } = await sql<{ n: unknown; ids: unknown }>`select count(*) as n,
      array_agg(id order by id) as ids from organizations where id > ${past32}`.execute(t.db);
    expect(rows[0]).toEqual({ n: 1, ids: [past32 + 1] });
  });

  it('fails loudly on an int8 past 2^53 - 1 instead of rounding it', async () => {
    await expect(sql`select 9007199254740993::int8 as n`.execute(t.db)).rejects.toThrow(RangeError);
  });
});
