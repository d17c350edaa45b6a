import { sql } from 'kysely';
import { onDomainVerified } from '../../server/ingest/attach';
import { ingestFile } from '../../server/ingest/ingest-file';
import { purgeExpiredReports } from '../../server/ingest/retention';
import { reportXml, type RecordSpec } from '../fixtures/dmarc/build-report';
import { summaryDrift } from '../../server/modules/analytics/summaries/summary-check';
import { openTestDatabase, type TestDatabase } from './support/db';
import { makeOrganization, rollupsFromRecords, storedRollups, tableCounts } from './ingest-helpers';

// Storage rules (docs/INGESTION.md): all or nothing per report, duplicates never twice (also concurrently), reports
// for unregistered domains held and attached later, retention by the organization's benefit.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const day = 86_400;
const records = (n: number): RecordSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    ip: `198.51.100.${i % 200}`,
    count: String((i % 5) + 1),
    dkim: i % 3 === 0 ? 'fail' : 'pass',
    spf: i % 4 === 0 ? 'fail' : 'pass',
    auth: `<dkim><domain>d${i % 3}.example</domain><selector>s${i % 2}</selector><result>${i % 3 === 0 ? 'fail' : 'pass'}</result></dkim><spf><domain>b.example</domain><scope>mfrom</scope><result>pass</result></spf>`,
  }));
const file = (name: string, xml: string) => ({
  name,
  bytes: Buffer.from(xml),
  source: 'upload' as const,
});

describe('report storage', () => {
  it('stores a report only once when two copies arrive at the same moment', async () => {
    await makeOrganization(t.db, 'Concurrent', ['concurrent.example']);
    const xml = reportXml({ reportId: 'same', domain: 'concurrent.example', records: records(300) });
    const before = await tableCounts(t.db);
    // Different bytes (a trailing comment), same duplicate key: the unique index must decide, not the file hash.
    const results = await Promise.all(
      [0, 1, 2, 3].map((i) => ingestFile(t.db, file(`copy-${i}.xml`, `${xml}<!-- copy ${i} -->`))),
    );
    const statuses = results.map((r) => r.result.status).sort();
    expect(statuses).toEqual(['duplicate', 'duplicate', 'duplicate', 'imported']);
    const after = await tableCounts(t.db);
    expect(after.dmarc_reports - before.dmarc_reports).toBe(1);
    expect(after.dmarc_records - before.dmarc_records).toBe(300);
    expect(after.report_files - before.report_files).toBe(1);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
    expect(await summaryDrift(t.db)).toEqual([]);
  });

  it.each(['report', 'records', 'rollups'] as const)(
    'leaves nothing behind when the store fails after the %s stage',
    async (stage) => {
      await makeOrganization(t.db, `Crash ${stage}`, [`crash-${stage}.example`]);
      const xml = reportXml({
        reportId: `crash-${stage}`,
        domain: `crash-${stage}.example`,
        records: records(2500),
      });
      const before = await tableCounts(t.db);
      const crash = async (s: string) => {
        if (s === stage) throw new Error(`injected crash after ${s}`);
      };
      await expect(ingestFile(t.db, file('crash.xml', xml), { stage: crash })).rejects.toThrow(
        'injected crash',
      );
      expect(await tableCounts(t.db)).toEqual(before);
      // Delivered again without the crash, it is stored whole.
      const again = await ingestFile(t.db, file('crash.xml', xml));
      expect(again.result).toMatchObject({ status: 'imported', records: 2500 });
      const after = await tableCounts(t.db);
      expect(after.dmarc_records - before.dmarc_records).toBe(2500);
      expect(after.dkim_results - before.dkim_results).toBe(2500);
    },
  );

  it('keeps reports for an unregistered domain aside and attaches them when the domain is added', async () => {
    const xml = (id: string, domain: string) => reportXml({ reportId: id, domain, records: records(40) });
    const before = await tableCounts(t.db);
    const a = await ingestFile(t.db, file('a.xml', xml('pending-1', 'later.example')));
    const b = await ingestFile(t.db, file('b.xml', xml('pending-2', 'mail.later.example')));
    expect(a.reports[0]).toMatchObject({ status: 'imported', organizationId: null });
    expect(b.reports[0]).toMatchObject({ status: 'imported', organizationId: null });
    // Held apart (held_reports, migration 0058): no header, record or rollup of any organization.
    const whileHeld = await tableCounts(t.db);
    expect(whileHeld).toEqual({
      ...before,
      held_reports: before.held_reports + 2,
      report_files: before.report_files + 2,
    });

    const org = await makeOrganization(t.db, 'Later', []);
    const attached = await t.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('domains')
        .values({ name: 'later.example', organization_id: org.id, verified_at: new Date() })
        .execute();
      return onDomainVerified(trx, { name: 'later.example', organization_id: org.id });
    });
    expect(attached).toEqual({ aggregate: 2, tls: 0, failure: 0 });
    const owners = await t.db
      .selectFrom('dmarc_reports')
      .select('organization_id')
      .where('report_id', 'in', ['pending-1', 'pending-2'])
      .execute();
    expect(owners.map((o) => o.organization_id)).toEqual([org.id, org.id]);
    const after = await tableCounts(t.db);
    expect(after.rollup_messages - whileHeld.rollup_messages).toBe(2 * 120);
    expect(after.dmarc_records - whileHeld.dmarc_records).toBe(2 * 40);
    expect(after.held_reports).toBe(before.held_reports);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
    expect(await summaryDrift(t.db)).toEqual([]);
    // Attaching again changes nothing; a new report for the domain goes straight to the organization.
    expect(await onDomainVerified(t.db, { name: 'later.example', organization_id: org.id })).toEqual({
      aggregate: 0,
      tls: 0,
      failure: 0,
    });
    const c = await ingestFile(t.db, file('c.xml', xml('pending-3', 'later.example')));
    expect(c.reports[0].organizationId).toBe(org.id);
  });

  it('attaches more held reports than one round of attach.ts takes', async () => {
    for (let i = 0; i < 25; i++) {
      const xml = reportXml({ reportId: `round-${i}`, domain: 'rounds.example', records: records(2) });
      expect((await ingestFile(t.db, file(`round-${i}.xml`, xml))).result.status).toBe('imported');
    }
    const org = await makeOrganization(t.db, 'Rounds', []);
    const attached = await onDomainVerified(t.db, { name: 'rounds.example', organization_id: org.id });
    expect(attached).toEqual({ aggregate: 25, tls: 0, failure: 0 });
    const stored = await t.db
      .selectFrom('dmarc_reports')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(25);
    expect(
      await t.db.selectFrom('held_reports').select('id').where('domain', '=', 'rounds.example').execute(),
    ).toEqual([]);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
  });

  it('purges reports and rollups older than the retention of each organization', async () => {
    const now = new Date('2030-06-30T12:00:00Z');
    const begin = (daysAgo: number) => String(Math.floor(now.getTime() / 1000) - daysAgo * day);
    const short = await makeOrganization(t.db, 'Short', ['short.example'], { retention: 7 });
    const usual = await makeOrganization(t.db, 'Usual', ['usual.example']);
    for (const [domain, ago] of [
      ['short.example', 3],
      ['short.example', 10],
      ['usual.example', 10],
      ['usual.example', 40],
    ] as const) {
      const xml = reportXml({
        reportId: `ret-${domain}-${ago}`,
        domain,
        begin: begin(ago),
        end: String(Number(begin(ago)) + day - 1),
        records: records(10),
      });
      expect((await ingestFile(t.db, file('r.xml', xml))).result.status).toBe('imported');
    }
    const kept = async (orgId: number) =>
      (
        await t.db
          .selectFrom('dmarc_reports')
          .select('report_id')
          .where('organization_id', '=', orgId)
          .orderBy('report_id')
          .execute()
      ).map((r) => r.report_id);
    const purged = await purgeExpiredReports(t.db, now);
    expect(purged.reports).toBeGreaterThanOrEqual(2);
    expect(await kept(short.id)).toEqual(['ret-short.example-3']);
    expect(await kept(usual.id)).toEqual(['ret-usual.example-10']);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
    expect(await summaryDrift(t.db)).toEqual([]);
    // No record, auth result or file is left without its report.
    const orphans = await sql<{ n: number }>`select
        (select count(*) from dmarc_records d where not exists
          (select 1 from dmarc_reports r where r.id = d.report_id))::int +
        (select count(*) from report_files f where not exists
          (select 1 from dmarc_reports r where r.file_id = f.id) and not exists
          (select 1 from tls_reports r where r.file_id = f.id) and not exists
          (select 1 from failure_reports r where r.file_id = f.id) and not exists
          (select 1 from held_reports r where r.file_id = f.id))::int as n`.execute(t.db);
    expect(orphans.rows[0].n).toBe(0);
  });
});
