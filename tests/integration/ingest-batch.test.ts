import { sql } from 'kysely';
import { knownIps } from '../../server/ingest/flush';
import { ingestMany, type ManyItem } from '../../server/ingest/ingest-many';
import { reportXml, type RecordSpec } from '../fixtures/dmarc/build-report';
import { openTestDatabase, type TestDatabase } from './support/db';
import { makeOrganization, rollupsFromRecords, storedRollups, tableCounts } from './ingest-helpers';

// Many files in batched transactions (ingest-many.ts): each report still all or nothing behind its own
// savepoint, duplicates recognised inside one batch, and the rollups of the batch equal to the records.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const records = (n: number, seed: number): RecordSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    ip: `203.0.113.${(i + seed) % 50}`,
    count: String((i % 4) + 1),
    dkim: i % 3 === 0 ? 'fail' : 'pass',
    spf: i % 2 === 0 ? 'fail' : 'pass',
    auth: `<dkim><domain>batch.example</domain><result>${i % 3 === 0 ? 'fail' : 'pass'}</result></dkim><spf><domain>batch.example</domain><scope>mfrom</scope><result>pass</result></spf>`,
  }));
const file = (name: string, reportId: string, n: number) => ({
  name,
  bytes: Buffer.from(reportXml({ reportId, domain: 'batch.example', records: records(n, n) })),
  source: 'cli' as const,
});

describe('batched ingestion', () => {
  it('keeps the other reports of a batch when one fails, and stores a duplicate once', async () => {
    await makeOrganization(t.db, 'Batch', ['batch.example']);
    const before = await tableCounts(t.db);
    const files = [
      file('a.xml', 'batch-a', 30),
      file('b.xml', 'batch-b', 40),
      file('a-again.xml', 'batch-a', 30),
      file('c.xml', 'batch-c', 50),
      { name: 'junk.xml', bytes: Buffer.from('not a report'), source: 'cli' as const },
    ];
    // Report batch-b crashes after its records are written: only it must be rolled back. The batch first
    // tries all four reports in one statement, so this also checks the fall back to one report at a time.
    const stage = async (s: string, reportId: string) => {
      if (s === 'records' && reportId === 'batch-b') throw new Error('injected crash');
    };
    const items: ManyItem[] = [];
    await ingestMany(t.db, files, { stage, batchReports: 10, prefetch: 10 }, (item) => {
      items.push(item);
    });
    const byFile = Object.fromEntries(items.map((i) => [i.file, i.error ? 'error' : i.result!.status]));
    expect(byFile).toEqual({
      'a.xml': 'imported',
      'b.xml': 'error',
      'a-again.xml': 'duplicate',
      'c.xml': 'imported',
      'junk.xml': 'rejected',
    });
    const after = await tableCounts(t.db);
    expect(after.dmarc_reports - before.dmarc_reports).toBe(2);
    expect(after.dmarc_records - before.dmarc_records).toBe(80);
    expect(after.dkim_results - before.dkim_results).toBe(80);
    expect(after.spf_results - before.spf_results).toBe(80);
    expect(after.report_files - before.report_files).toBe(2);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
  });

  it('skips the enrichment rows of IPs only once a batch that wrote them has committed', async () => {
    await makeOrganization(t.db, 'Enrich', ['enrich.example']);
    const ips = ['198.51.100.201', '198.51.100.202', '198.51.100.203'];
    const enrichFile = (reportId: string) => ({
      name: `${reportId}.xml`,
      bytes: Buffer.from(
        reportXml({
          reportId,
          domain: 'enrich.example',
          records: ips.map((ip) => ({ ip, count: '1', dkim: 'pass', spf: 'pass' })),
        }),
      ),
      source: 'cli' as const,
    });
    const enriched = async () =>
      (
        await sql<{
          ip: string;
        }>`select ip from ip_enrichment where ip = any(${ips}::text[]) order by ip`.execute(t.db)
      ).rows.map((r) => r.ip);
    // Every attempt of the first batch dies in its last statement, as a deadlock would: rolled back whole.
    await sql`create function enrich_deadlock() returns trigger language plpgsql as $$
      begin raise exception 'injected deadlock' using errcode = '40P01'; end $$`.execute(t.db);
    await sql`create trigger enrich_deadlock before insert on ip_enrichment for each row
      when (new.ip = '198.51.100.203') execute function enrich_deadlock()`.execute(t.db);
    await expect(ingestMany(t.db, [enrichFile('enrich-1')], {}, () => {})).rejects.toThrow(
      'injected deadlock',
    );
    await sql`drop trigger enrich_deadlock on ip_enrichment`.execute(t.db);
    expect(await enriched()).toEqual([]);
    expect(ips.some((ip) => knownIps(t.db).has(ip))).toBe(false);
    // The next batch must queue them: a cache that remembered the rolled-back batch would leave them out.
    await ingestMany(t.db, [enrichFile('enrich-3')], {}, () => {});
    expect(await enriched()).toEqual(ips);
    expect(ips.every((ip) => knownIps(t.db).has(ip))).toBe(true);
    await ingestMany(t.db, [enrichFile('enrich-4')], {}, () => {});
    expect(await enriched()).toEqual(ips);
  });

  it('stops reading ahead while the files read and not yet stored hold the byte budget', async () => {
    await makeOrganization(t.db, 'Ahead', ['ahead.example']);
    let yielded = 0;
    let most = 0;
    function* files() {
      for (let i = 0; i < 12; i++) {
        yielded += 1;
        const bytes = Buffer.from(
          reportXml({ reportId: `ahead-${i}`, domain: 'ahead.example', records: [{}] }),
        );
        yield { name: `ahead-${i}.xml`, bytes, source: 'cli' as const };
      }
    }
    let taken = 0;
    const run = (aheadBytes?: number) =>
      ingestMany(t.db, files(), { prefetch: 32, batchReports: 1, aheadBytes }, () => {
        taken += 1;
        most = Math.max(most, yielded - taken);
      });
    // One byte: a file is read only when the one before it was taken, so at most two are out at once.
    await run(1);
    expect(taken).toBe(12);
    expect(most).toBeLessThanOrEqual(2);
    // No byte budget to speak of: the reader runs ahead by the file count.
    [yielded, taken, most] = [0, 0, 0];
    await run(1 << 30);
    expect(most).toBeGreaterThan(4);
  });

  it('lets other events run before each parse, and fills a batch even when it must wait for the parser', async () => {
    await makeOrganization(t.db, 'Turns', ['turns.example']);
    // A counter that only moves when the event loop gets a turn; each file notes its value when read.
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    spin();
    const seen: number[] = [];
    function* files() {
      for (let i = 0; i < 12; i++) {
        seen.push(turns);
        const bytes = Buffer.from(
          reportXml({ reportId: `turns-${i}`, domain: 'turns.example', records: [{}] }),
        );
        yield { name: `turns-${i}.xml`, bytes, source: 'cli' as const };
      }
    }
    await ingestMany(t.db, files(), { prefetch: 12, batchReports: 6, concurrency: 1 }, () => {});
    running = false;
    // Without the turns the twelve files are read and parsed in one run of promise callbacks.
    expect(new Set(seen).size).toBe(12);
    // Six reports a transaction (one xmin each), although the first file's batch was formed while the
    // others were still being parsed.
    const { rows } = await sql<{ n: number }>`select count(distinct xmin::text)::int as n from dmarc_reports
      where report_id like 'turns-%'`.execute(t.db);
    expect(rows[0].n).toBe(2);
  });
});
