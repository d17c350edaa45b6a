import { sql } from 'kysely';
import { ensureMonths } from '../../server/db/partitions';
import { blockDomainsPerSender } from '../../server/modules/analytics/aggregations/sender-domains-query';
import { foldSummaries } from '../../server/modules/analytics/summaries/summaries-fold';
import { summaryDrift } from '../../server/modules/analytics/summaries/summary-check';
import { makeOrganization } from './ingest-helpers';
import { openTestDatabase, type TestDatabase } from './support/db';

// The by-sender "domains" column from the 64-day blocks (migration 0035) against count(distinct domain) over
// the rollups, for windows that start and end inside blocks and across their edges, after inserts, updates
// that move rollups to another sender, and deletes.

let t: TestDatabase;
let org: number;
beforeAll(async () => {
  t = await openTestDatabase();
  org = (await makeOrganization(t.db, 'Blocks', ['a.example', 'b.example', 'c.example', 'd.example'])).id;
});
afterAll(() => t.close());

// Blocks of 64 days since 1970-01-01 start on 2029-12-05, 2030-02-07 (day 37 below) and 2030-04-12 (day 101).
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const first = '2030-01-01';

async function insert(rows: [day: number, domain: string, ip: string, sender: string | null][]) {
  // The months' partitions (migration 0042), as ingestion creates them.
  await ensureMonths(
    t.db,
    rows.map(([day]) => addDays(first, day)),
  );
  await t.db
    .insertInto('dmarc_rollups')
    .values(
      rows.map(([day, domain, ip, sender]) => ({
        day: addDays(first, day),
        organization_id: org,
        domain,
        source_ip: ip,
        sender_service: sender,
        dkim_auth: true,
        spf_auth: true,
        dkim_aligned: true,
        spf_aligned: false,
        dmarc_pass: true,
        disposition: 'none',
        messages: 3,
        records: 1,
      })),
    )
    .execute();
}

async function expected(begin: string, end: string) {
  const { rows } = await sql<{ name: string; n: number }>`select sender_service as name,
      count(distinct domain)::int as n
    from dmarc_rollups where organization_id = ${org} and sender_service is not null and day between ${begin}::date and ${end}::date group by 1`.execute(
    t.db,
  );
  return new Map(rows.map((r) => [r.name, r.n]));
}

async function compareWindows() {
  await foldSummaries(t.db);
  expect(await summaryDrift(t.db)).toEqual([]);
  const names = ['S1', 'S2'];
  for (let b = 0; b < 150; b += 3) {
    for (const len of [0, 1, 6, 29, 63, 64, 89]) {
      const begin = addDays(first, b);
      const end = addDays(begin, len);
      const got = await blockDomainsPerSender(
        t.db,
        { organizationId: org, domains: null, begin, end } as never,
        names,
      );
      const want = await expected(begin, end);
      expect([begin, end, Object.fromEntries(got)]).toEqual([begin, end, Object.fromEntries(want)]);
    }
  }
}

describe('distinct domains per sender from the 64-day blocks', () => {
  it('equals the rollups for every window, across block edges', async () => {
    await insert([
      [10, 'a.example', '192.0.2.1', 'S1'],
      [36, 'b.example', '192.0.2.2', 'S1'], // last day of the first block
      [37, 'a.example', '192.0.2.3', 'S2'], // first day of the second
      [100, 'c.example', '192.0.2.4', 'S1'], // last day of the second
      [101, 'd.example', '192.0.2.5', null], // first day of the third
      [120, 'a.example', '192.0.2.1', 'S1'],
      [142, 'b.example', '192.0.2.6', 'S2'],
    ]);
    await compareWindows();
  });

  it('follows rollups moved to another sender and deleted', async () => {
    await t.db
      .updateTable('dmarc_rollups')
      .set({ sender_service: 'S2' })
      .where('source_ip', '=', '192.0.2.1')
      .execute();
    await t.db.deleteFrom('dmarc_rollups').where('domain', '=', 'c.example').execute();
    await compareWindows();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from analytics_sender_domain_blocks
      where sender_service = 'S1' and domain = 'a.example' and 0 < any(days)`.execute(t.db);
    expect(rows[0].n).toBe(0);
  });

  it('applies a domain filter', async () => {
    const s = {
      organizationId: org,
      domains: ['a.example'],
      begin: first,
      end: addDays(first, 149),
    } as never;
    const got = await blockDomainsPerSender(t.db, s, ['S1', 'S2']);
    expect(Object.fromEntries(got)).toEqual({ S2: 1 });
  });
});
