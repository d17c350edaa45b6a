import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { ensureMonths } from '../../server/db/partitions';
import { utcDay } from '../../server/ingest/clean';
import { ingestMany, type ManyItem } from '../../server/ingest/ingest-many';
import { storeBatch } from '../../server/ingest/store-batch';
import { parseIncoming } from '../../server/ingest/ingest-file';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { reportXml, type RecordSpec } from '../fixtures/dmarc/build-report';
import { listFiles, makeOrganization, rollupsFromRecords, storedRollups } from './ingest-helpers';
import { openTestDatabase, type TestDatabase } from './support/db';

// The plain small aggregate reports of a batch go to the database in one statement (store-aggregates.ts);
// everything else one report at a time. The same files stored both ways must leave the same rows: headers,
// records in file order with their auth results, files, rollups, duplicates and held reports.

let one: TestDatabase; // one report per transaction: the per-report path only
let many: TestDatabase; // batches: the one-statement path
beforeAll(async () => {
  one = await openTestDatabase();
  many = await openTestDatabase();
});
afterAll(async () => {
  await one.close();
  await many.close();
});

const records = (n: number, seed: number): RecordSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    ip: `198.51.100.${(i * 7 + seed) % 60}`,
    count: String((i % 5) + 1),
    dkim: i % 3 === 0 ? 'fail' : 'pass',
    spf: i % 4 === 0 ? 'fail' : 'pass',
    disposition: i % 6 === 0 ? 'quarantine' : 'none',
    auth:
      `<dkim><domain>together.example</domain><selector>s${i % 2}</selector><result>pass</result></dkim>` +
      (i % 5 === 0 ? '<dkim><domain>esp.example</domain><result>fail</result></dkim>' : '') +
      `<spf><domain>together.example</domain><scope>mfrom</scope><result>${i % 4 ? 'pass' : 'fail'}</result></spf>`,
  }));
const xml = (reportId: string, domain: string, n: number) =>
  Buffer.from(reportXml({ reportId, domain, records: records(n, n) }));
const file = (name: string, bytes: Buffer) => ({ name, bytes, source: 'cli' as const });

// Real samples (odd fields, namespaces, extensions), then made-up files: a duplicate with the same bytes and
// one with other bytes (its file row must not stay), a report for a domain nobody registered, and a report
// already stored before the batch.
const sampleFiles = listFiles(samplesDir)
  .filter((f) => !f.endsWith('.md'))
  .map((f) => file(f, fs.readFileSync(f)));
const a = xml('together-a', 'together.example', 40);
const files = [
  ...sampleFiles,
  file('a.xml', a),
  file('b.xml', xml('together-b', 'together.example', 25)),
  file('a-again.xml', a),
  file('a.xml.gz', gzipSync(a)),
  file('aside.xml', xml('together-aside', 'nobody.example', 10)),
  file('before-again.xml.gz', gzipSync(xml('together-before', 'together.example', 5))),
  file('c.xml', xml('together-c', 'together.example', 60)),
];

async function load(db: Db, batchReports: number) {
  await makeOrganization(db, 'Together', ['together.example', 'example.com', 'example.net', 'example.org']);
  const before = file('before.xml', xml('together-before', 'together.example', 5));
  await ingestMany(db, [before], {}, () => undefined);
  const items: ManyItem[] = [];
  await ingestMany(db, files, { batchReports, prefetch: 64, concurrency: 1 }, (item) => {
    items.push(item);
  });
  return items.map((i) => [i.file, i.result?.status ?? 'error', i.result?.records ?? 0]).sort();
}

async function dump(db: Db) {
  const q = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    files: await q(sql`select sha256, name, size, source from report_files order by sha256`),
    reports: await q(sql`select r.domain, r.org_name, r.report_id,
        r.begin_date, r.end_date, r.email, r.extra_contact_info, r.version, r.generator, r.errors, r.policy,
        r.extensions, r.warnings, r.records_count, r.messages_count, r.source, f.sha256
      from dmarc_reports r left join report_files f on f.id = r.file_id
      order by r.org_name, r.report_id, r.domain, r.begin_date`),
    // Records in id order per report: the file's order, which the records page and the DKIM ids rely on.
    records:
      await q(sql`select r.org_name, r.report_id, r.domain, d.source_ip, d.count, d.disposition, d.dkim,
        d.spf, d.reasons, d.header_from, d.envelope_from, d.envelope_to, d.extensions, d.dkim_results,
        d.spf_results
      from dmarc_records d join dmarc_reports r on r.id = d.report_id
      order by r.org_name, r.report_id, r.domain, r.begin_date, d.id`),
    // Reports no organization owns: held (hold.ts), one at a time on both paths.
    held: await q(sql`select h.kind, h.domain, h.org_name, h.report_id, h.begin_date, h.end_date, h.report,
        h.source, f.sha256
      from held_reports h left join report_files f on f.id = h.file_id
      order by h.kind, h.org_name, h.report_id, h.domain, h.begin_date`),
    ips: await q(sql`select ip from ip_enrichment order by ip`),
    rollups: [...(await storedRollups(db))].sort(),
  };
}

describe('one statement for the small reports of a batch', () => {
  it('stores exactly what one report at a time stores', async () => {
    const outcomesOne = await load(one.db, 1);
    const outcomesMany = await load(many.db, 32);
    expect(outcomesMany).toEqual(outcomesOne);
    expect(outcomesMany).toContainEqual(['a-again.xml', 'duplicate', 40]);
    expect(outcomesMany).toContainEqual(['a.xml.gz', 'duplicate', 40]);
    expect(outcomesMany).toContainEqual(['before-again.xml.gz', 'duplicate', 5]);
    const [d1, d2] = [await dump(one.db), await dump(many.db)];
    expect(d2).toEqual(d1);
    expect(d2.records.length).toBeGreaterThan(140);
    expect(d2.held.map((h) => (h as { report_id: string }).report_id)).toContain('together-aside');
    // A duplicate's own file (other bytes) is not kept: only a.xml's bytes are stored.
    expect(d2.files.map((f) => (f as { name: string }).name)).not.toContain('a.xml.gz');
    expect(await storedRollups(many.db)).toEqual(await rollupsFromRecords(many.db));
  });

  it('takes the one-statement path for a batch of plain reports, a held one too, with ids in file order', async () => {
    const t = await openTestDatabase();
    try {
      await makeOrganization(t.db, 'Ids', ['ids.example']);
      const parsed = [];
      for (const [i, n] of [3, 5, 4, 2].entries()) {
        // The second is for a domain nobody verified: held (hold.ts) by the same statement.
        const domain = i === 1 ? 'ids-nobody.example' : 'ids.example';
        const f = file(`ids-${i}.xml`, xml(`ids-${i}`, domain, n));
        const outcome = await parseIncoming(f, {});
        parsed.push(outcome.parsed!);
      }
      let statements = 0;
      const counting = t.db.withPlugin({
        transformQuery: (args) => {
          if (args.node.kind === 'RawNode') statements += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      // The month's partitions (migration 0042) exist already, as for every batch but a month's first.
      const days = parsed.flatMap((p) =>
        p.reports.flatMap((r) => (r.kind === 'aggregate' ? [utcDay(r.reportMetadata.dateRange.begin)] : [])),
      );
      await ensureMonths(counting, days);
      statements = 0;
      const out = await storeBatch(counting, parsed);
      expect(out.map((o) => o.reports.map((r) => [r.status, r.organizationId === null]))).toEqual([
        [['imported', false]],
        [['imported', true]],
        [['imported', false]],
        [['imported', false]],
      ]);
      // Owners, the savepoint, the one statement, the rollup flush: not a statement and savepoint per report.
      expect(statements).toBeLessThanOrEqual(4);
      const { rows } = await sql<{ report_id: string; id: number }>`select r.report_id, d.id
        from dmarc_records d join dmarc_reports r on r.id = d.report_id order by d.id`.execute(t.db);
      expect(rows.map((r) => r.report_id)).toEqual([
        ...Array(3).fill('ids-0'),
        ...Array(4).fill('ids-2'),
        ...Array(2).fill('ids-3'),
      ]);
      const held = await t.db.selectFrom('held_reports').select(['id', 'report_id', 'report']).execute();
      expect(held.map((h) => [h.id, h.report_id])).toEqual([[out[1]!.reports[0]!.id, 'ids-1']]);
      expect((held[0]!.report as { records: unknown[] }).records).toHaveLength(5);
    } finally {
      await t.close();
    }
  });

  it('stores each report once when two imports of the same files run at once', async () => {
    const t = await openTestDatabase();
    try {
      await makeOrganization(t.db, 'Race', ['race.example']);
      const raceFiles = Array.from({ length: 24 }, (_, i) =>
        file(
          `race-${i}.xml`,
          Buffer.from(reportXml({ reportId: `race-${i}`, domain: 'race.example', records: records(8, i) })),
        ),
      );
      const statuses = new Map<string, string[]>();
      const run = () =>
        ingestMany(t.db, raceFiles, { batchReports: 6, prefetch: 12, concurrency: 2 }, (item) => {
          statuses.set(item.file, [...(statuses.get(item.file) ?? []), item.result?.status ?? 'error']);
        });
      await Promise.all([run(), run()]);
      for (const f of raceFiles) expect(statuses.get(f.name)?.sort()).toEqual(['duplicate', 'imported']);
      const counts = await sql<{ reports: number; files: number; records: number }>`select
          (select count(*)::int from dmarc_reports) as reports, (select count(*)::int from report_files) as files,
          (select count(*)::int from dmarc_records) as records`.execute(t.db);
      expect(counts.rows[0]).toEqual({ reports: 24, files: 24, records: 24 * 8 });
      expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
    } finally {
      await t.close();
    }
  });
});
