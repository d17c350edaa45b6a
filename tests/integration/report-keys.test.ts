import { sql } from 'kysely';
import { attachPendingReports } from '../../server/ingest/attach';
import { ingestFile } from '../../server/ingest/ingest-file';
import { reportXml } from '../fixtures/dmarc/build-report';
import { startTestApp, type TestApp } from './support/app';
import { seedTenant } from './support/orgs';

// A report's duplicate key holds its organization (migration 0046, docs/SCALING.md "Citus"): the same report
// routed to two organizations is stored for each, and a held report (no organization) is a duplicate only of
// another held copy.
let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
let b: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Keys A', 'keys-a.example.com');
  b = await seedTenant(t, 'Keys B', 'keys-b.example.com');
});
afterAll(() => t.close());

const ingest = async (id: string, domain: string, addressedTo: number[] = []) => {
  const bytes = Buffer.from(reportXml({ reportId: id, domain }));
  const { reports } = await ingestFile(t.db, { name: `${id}.xml`, bytes, source: 'cli' }, { addressedTo });
  return reports.map((r) => r.status);
};
const owners = async (id: string) =>
  (
    await t.db
      .selectFrom('dmarc_reports')
      .select('organization_id')
      .where('report_id', '=', id)
      .orderBy('organization_id')
      .execute()
  ).map((r) => r.organization_id);

describe('report keys per organization', () => {
  it("stores organization B's copy of a report organization A already has", async () => {
    // B holds A's verified name as a pending domain, so B's own report address routes to B.
    await t.db
      .insertInto('domains')
      .values({ name: 'keys-a.example.com', organization_id: b.org.id })
      .execute();
    expect(await ingest('leak-1', 'keys-a.example.com')).toEqual(['imported']);
    expect(await ingest('leak-1', 'keys-a.example.com', [b.org.id])).toEqual(['imported']);
    expect(await ingest('leak-1', 'keys-a.example.com', [b.org.id])).toEqual(['duplicate']);
    expect(await owners('leak-1')).toEqual([a.org.id, b.org.id].sort((x, y) => x - y));
  });

  it('keeps one held copy, and drops it on attach when the organization has its own', async () => {
    expect(await ingest('held-1', 'held-keys.example')).toEqual(['imported']);
    expect(await ingest('held-1', 'held-keys.example')).toEqual(['duplicate']);
    await t.db
      .insertInto('domains')
      .values({ name: 'held-keys.example', organization_id: a.org.id })
      .execute();
    expect(await ingest('held-1', 'held-keys.example', [a.org.id])).toEqual(['imported']);
    expect(await ingest('held-2', 'held-keys.example')).toEqual(['imported']);
    expect(await owners('held-1')).toEqual([a.org.id, null]);
    const attached = await t.db
      .transaction()
      .execute((trx) => attachPendingReports(trx, a.org.id, 'held-keys.example'));
    // held-2 moves to A; held-1's held copy was a duplicate of A's own and is gone, with its records.
    expect(attached.aggregate).toBe(1);
    expect(await owners('held-1')).toEqual([a.org.id]);
    expect(await owners('held-2')).toEqual([a.org.id]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from dmarc_records
      where organization_id = 0`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  });
});
