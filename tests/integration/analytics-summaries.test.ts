import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { runJobNow } from '../../server/jobs/handle';
import { registeredJobs } from '../../server/jobs/registry';
import { attachPendingReports } from '../../server/ingest/attach';
import { saveResolved } from '../../server/ingest/enrichment';
import { ingestFile } from '../../server/ingest/ingest-file';
import { ingestMany } from '../../server/ingest/ingest-many';
import { purgeExpiredReports } from '../../server/ingest/retention';
import { recalculateAttribution } from '../../server/modules/email-senders/attribution';
import { summaryDrift } from '../../server/modules/analytics/summaries/summary-check';
import { foldSummaries, rebuildSummaries } from '../../server/modules/analytics/summaries/summaries-fold';
import { reportXml, type RecordSpec } from '../fixtures/dmarc/build-report';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { sampleFiles } from './analytics-setup';
import { makeOrganization } from './ingest-helpers';
import { openTestDatabase, type TestDatabase } from './support/db';
import { jobContext } from './support/job-context';

// The analytics summaries (migration 0033) against the rollups they summarise, after every kind of write the
// rollups get: single and batched ingest (inserts and ON CONFLICT updates, concurrent on PostgreSQL),
// attaching kept-aside reports, enrichment and recalculation changing sender_service, retention, deleting an
// organization, TRUNCATE, and the backfill.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const day = 86_400;
const now = new Date('2030-06-30T12:00:00Z');
const nowS = Math.floor(now.getTime() / 1000);

const records = (n: number, seed: number): RecordSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    ip: `198.51.100.${(i * 7 + seed) % 23}`,
    count: String(((i + seed) % 5) + 1),
    dkim: (i + seed) % 3 === 0 ? 'fail' : 'pass',
    spf: (i + seed) % 4 === 0 ? 'fail' : 'pass',
    disposition: (i + seed) % 6 === 0 ? 'quarantine' : 'none',
    auth: `<dkim><domain>x.example</domain><result>${i % 5 === 0 ? 'pass' : 'fail'}</result></dkim>`,
  }));

// Reports of a few domains over a few days, several reporters each, so rollup keys repeat across reports.
function corpus(domains: string[], prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const begin = nowS - ((i % 9) + 1) * day - (i % 3) * 3600;
    const xml = reportXml({
      reportId: `${prefix}-${i}`,
      orgName: `Reporter ${i % 4}`,
      domain: domains[i % domains.length],
      begin: String(begin),
      end: String(begin + day - 1),
      records: records(5 + (i % 11), i),
    });
    return { name: `${prefix}-${i}.xml`, bytes: Buffer.from(xml), source: 'cli' as const };
  });
}

const expectNoDrift = async () => expect(await summaryDrift(t.db)).toEqual([]);
async function summaryRows(table: 'analytics_domain_days' | 'analytics_sender_days', org: number) {
  await foldSummaries(t.db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
    where organization_id = ${org} and records > 0`.execute(t.db);
  return rows[0].n;
}
const pending = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from analytics_pending`.execute(t.db)).rows[0].n;

describe('analytics summaries follow the rollups', () => {
  it('after importing the samples one by one', async () => {
    const domains = new Set<string>();
    for (const rel of sampleFiles) {
      const xml = fs.readFileSync(path.join(samplesDir, rel), 'utf8');
      const m = /<policy_published>\s*<domain>([^<]+)<\/domain>/.exec(xml);
      if (m) domains.add(m[1].trim().toLowerCase());
    }
    const org = await makeOrganization(t.db, 'Summaries samples', [...domains]);
    for (const rel of sampleFiles)
      await ingestFile(t.db, {
        name: rel,
        bytes: fs.readFileSync(path.join(samplesDir, rel)),
        source: 'cli',
      });
    // Ingest only queues deltas; the first read folds them.
    expect(await pending()).toBeGreaterThan(0);
    expect(await summaryRows('analytics_domain_days', org.id)).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
    await expectNoDrift();
  });

  it('after batched, concurrent ingestion that updates rollup rows', async () => {
    await makeOrganization(t.db, 'Summaries batch', ['sum-a.example', 'sum-b.example', 'sum-c.example']);
    const files = corpus(['sum-a.example', 'sum-b.example', 'sum-c.example'], 'sum', 60);
    await ingestMany(t.db, files, { concurrency: t.kind === 'postgres' ? 4 : 1, batchReports: 7 }, () => {});
    await expectNoDrift();
  });

  it('after enrichment and recalculation change sender services', async () => {
    await saveResolved(t.db, [
      { ip: '198.51.100.1', ptr: 'o1.mail.sender-one.example', failed: false },
      { ip: '198.51.100.2', ptr: 'o2.mail.sender-one.example', failed: false },
      { ip: '198.51.100.3', ptr: 'x.other.example', failed: false },
    ]);
    await expectNoDrift();
    const services = await sql<{ s: string }>`select distinct sender_service as s from analytics_sender_days
      where records > 0 order by 1`.execute(t.db);
    expect(services.rows.map((r) => r.s)).toEqual(
      expect.arrayContaining(['', 'other.example', 'sender-one.example']),
    );
    const sender = await t.db
      .insertInto('email_senders')
      .values({ name: 'Summary Sender' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('email_sender_networks')
      .values({ sender_id: sender.id, range: '198.51.100.0/30' })
      .execute();
    await recalculateAttribution(t.db);
    await expectNoDrift();
    const moved = await sql<{ s: string }>`select distinct sender_service as s from analytics_sender_days
      where records > 0`.execute(t.db);
    expect(moved.rows.map((r) => r.s)).toContain('Summary Sender');
    expect(moved.rows.map((r) => r.s)).not.toContain('sender-one.example');
  });

  it('after attaching kept-aside reports', async () => {
    for (const f of corpus(['later-sum.example'], 'later', 6)) await ingestFile(t.db, f);
    const org = await makeOrganization(t.db, 'Summaries later', []);
    expect(await summaryRows('analytics_domain_days', org.id)).toBe(0);
    const attached = await attachPendingReports(t.db, org.id, 'later-sum.example');
    expect(attached.aggregate).toBe(6);
    expect(await summaryRows('analytics_domain_days', org.id)).toBeGreaterThan(0);
    await expectNoDrift();
  });

  it('after retention purges old days and an organization is deleted', async () => {
    const org = await makeOrganization(t.db, 'Summaries short', ['short-sum.example'], { retention: 4 });
    for (const f of corpus(['short-sum.example'], 'short', 18)) await ingestFile(t.db, f);
    const before = await summaryRows('analytics_domain_days', org.id);
    await purgeExpiredReports(t.db, now);
    const after = await summaryRows('analytics_domain_days', org.id);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from analytics_domain_days
      where organization_id = ${org.id} and day < ${new Date(now.getTime() - 4 * day * 1000).toISOString().slice(0, 10)}::date`.execute(
      t.db,
    );
    expect(rows[0].n).toBe(0);
    await expectNoDrift();
    await t.db.deleteFrom('organizations').where('id', '=', org.id).execute();
    expect(await summaryRows('analytics_domain_days', org.id)).toBe(0);
    expect(await summaryRows('analytics_sender_days', org.id)).toBe(0);
    await expectNoDrift();
  });

  it('are folded by the registered background job', async () => {
    const org = await makeOrganization(t.db, 'Summaries job', ['job-sum.example']);
    for (const f of corpus(['job-sum.example'], 'job', 3)) await ingestFile(t.db, f);
    expect(await pending()).toBeGreaterThan(0);
    const job = registeredJobs.find((j) => j.name === 'fold-analytics-summaries')!;
    await runJobNow(
      jobContext(t.db, () => now),
      job,
    );
    expect(await pending()).toBe(0);
    expect(await summaryRows('analytics_domain_days', org.id)).toBeGreaterThan(0);
    await expectNoDrift();
  });

  it('a backfill rebuilds the same rows, and TRUNCATE empties them', async () => {
    const snapshot = async () =>
      (
        await sql<
          Record<string, unknown>
        >`select organization_id, day::text, domain, records::text, messages::text,
            dkim_passed::text, auth_unaligned::text
          from analytics_domain_days where records > 0 order by 1, 2, 3`.execute(t.db)
      ).rows;
    const blocks = async () =>
      (
        await sql<Record<string, unknown>>`select organization_id, sender_service, start::text, domain, days
          from analytics_sender_domain_blocks where 0 < any(days) order by 1, 2, 3, 4`.execute(t.db)
      ).rows;
    const kept = await snapshot();
    const keptBlocks = await blocks();
    expect(keptBlocks.length).toBeGreaterThan(0);
    await rebuildSummaries(t.db);
    expect(await snapshot()).toEqual(kept);
    expect(await blocks()).toEqual(keptBlocks);
    await sql`truncate dmarc_rollups`.execute(t.db);
    expect(await snapshot()).toEqual([]);
    expect(await blocks()).toEqual([]);
    await expectNoDrift();
  });
});
