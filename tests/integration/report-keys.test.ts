import { sql } from 'kysely';
import { attachPendingReports } from '../../server/ingest/attach';
import { ingestFile } from '../../server/ingest/ingest-file';
import { reportXml } from '../fixtures/dmarc/build-report';
import { startTestApp, type TestApp } from './support/app';
import { seedTenant } from './support/orgs';

// A report's duplicate key holds its organization (migration 0046, docs/SCALING.md "Citus"): the same report
// routed to two organizations is stored for each, and a held report (no organization: held_reports) is a
// duplicate only of another held copy.
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
const held = async (id: string) =>
  (await t.db.selectFrom('held_reports').select('kind').where('report_id', '=', id).execute()).map(
    (r) => r.kind,
  );

const recordsOf = async (id: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from dmarc_records d
    join dmarc_reports r on r.id = d.report_id where r.report_id = ${id}`.execute(t.db);
  return rows[0]!.n;
};

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
    expect(await owners('held-1')).toEqual([a.org.id]);
    expect(await held('held-1')).toEqual(['aggregate']);
    const ownRecords = await recordsOf('held-1');
    const attached = await t.db
      .transaction()
      .execute((trx) => attachPendingReports(trx, a.org.id, 'held-keys.example'));
    // held-2 becomes A's; held-1's held copy was a duplicate of A's own and is gone.
    expect(attached.aggregate).toBe(1);
    expect(await owners('held-1')).toEqual([a.org.id]);
    expect(await owners('held-2')).toEqual([a.org.id]);
    expect(await held('held-1')).toEqual([]);
    expect(await held('held-2')).toEqual([]);
    expect(await recordsOf('held-1')).toBe(ownRecords);
    expect(await recordsOf('held-2')).toBe(ownRecords);
  });
});
