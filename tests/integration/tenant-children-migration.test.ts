import { sql, type Kysely } from 'kysely';
import { down, up } from '../../server/db/migrations/0046_organization_keys';
import { openTestDatabase, type TestDatabase } from './support/db';

// Migration 0046 on a database that already holds check results, history and memberships: each child row
// gets its domain's organization, domains and groups are keyed by (organization_id, id), and the children's
// foreign keys go through the organization, so a group of one organization cannot hold another's domain.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const raw = () => database.db as unknown as Kysely<unknown>;
const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(raw())).rows[0]!;

async function seed(name: string) {
  const org = await one(sql<{ id: number }>`insert into organizations (name, benefits)
    values (${name}, '{}') returning id`);
  const user = await one(sql<{ id: number }>`insert into users (username, email, password_hash,
    organization_id) values (${`${name}-u`}, ${`${name}@example.com`}, 'x', ${org.id}) returning id`);
  const domain = await one(sql<{ id: number }>`insert into domains (name, organization_id)
    values (${`${name}.example`}, ${org.id}) returning id`);
  const group = await one(sql<{ id: number }>`insert into domain_groups (name, organization_id)
    values (${`${name} group`}, ${org.id}) returning id`);
  return { org: org.id, user: user.id, domain: domain.id, group: group.id };
}

describe('migration 0046_organization_keys', () => {
  it("fills each child's organization from its domain and refuses a cross-organization member", async () => {
    await down(raw());
    const a = await seed('children-a');
    const b = await seed('children-b');
    for (const x of [a, b]) {
      await sql`insert into check_results (domain_id, system, status, score, checked_at, warnings, result)
        values (${x.domain}, 'spf', 'pass', 100, now(), '[]', '{}')`.execute(raw());
      await sql`insert into check_history (domain_id, type, date, rr_type, ttl, content)
        values (${x.domain}, 'dns', now(), 'A', 300, '192.0.2.1')`.execute(raw());
      await sql`insert into domain_group_domains (group_id, domain_id) values (${x.group}, ${x.domain})`.execute(
        raw(),
      );
      await sql`insert into user_domains (user_id, domain_id) values (${x.user}, ${x.domain})`.execute(raw());
    }
    // A table of another migration that points at domains by id alone (as 0045's alert tables may).
    await sql`create table probe_domain_refs (organization_id bigint not null,
      domain_id bigint references domains (id) on delete set null)`.execute(raw());
    await sql`insert into probe_domain_refs values (${a.org}, ${a.domain})`.execute(raw());
    await up(raw());
    for (const table of ['check_results', 'check_history', 'domain_group_domains', 'user_domains']) {
      const { rows } = await sql<{ domain_id: number; organization_id: number }>`
        select domain_id, organization_id from ${sql.table(table)}
         where domain_id in (${a.domain}, ${b.domain}) order by domain_id`.execute(raw());
      expect(rows, table).toEqual([
        { domain_id: a.domain, organization_id: a.org },
        { domain_id: b.domain, organization_id: b.org },
      ]);
    }
    // A group of A naming B's domain (under either organization) has no parent row to point at.
    for (const org of [a.org, b.org]) {
      await expect(
        sql`insert into domain_group_domains (organization_id, group_id, domain_id)
          values (${org}, ${a.group}, ${b.domain})`.execute(raw()),
      ).rejects.toThrow(/foreign key/);
    }
    const { rows: keys } = await sql<{ name: string; def: string }>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
       where conname in ('domains_pkey', 'domain_groups_pkey', 'check_results_domain_system_key')
         and connamespace = current_schema()::regnamespace
       order by 1`.execute(raw());
    expect(keys).toEqual([
      { name: 'check_results_domain_system_key', def: 'UNIQUE (organization_id, domain_id, system)' },
      { name: 'domain_groups_pkey', def: 'PRIMARY KEY (organization_id, id)' },
      { name: 'domains_pkey', def: 'PRIMARY KEY (organization_id, id)' },
    ]);
    // Deleting a domain still takes its children with it, and clears only the domain of a set-null key.
    await sql`delete from domains where id = ${a.domain}`.execute(raw());
    const left = await one(sql<{ n: number }>`select count(*)::int as n from check_results
      where domain_id = ${a.domain}`);
    expect(left.n).toBe(0);
    expect(await one(sql`select * from probe_domain_refs`)).toEqual({
      organization_id: a.org,
      domain_id: null,
    });
    await sql`drop table probe_domain_refs`.execute(raw());
  });
});
