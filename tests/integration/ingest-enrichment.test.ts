import pino from 'pino';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { enrichPending, reverseName } from '../../server/ingest/enrichment';
import { ingestFile } from '../../server/ingest/ingest-file';
import { enrichmentJob, reportPurgeJob } from '../../server/ingest/jobs';
import { recalculateAttribution } from '../../server/modules/email-senders/attribution';
import { runJobNow } from '../../server/jobs/handle';
import { reportXml } from '../fixtures/dmarc/build-report';
import { openTestDatabase, type TestDatabase } from './support/db';
import { jobContext } from './support/job-context';
import { makeOrganization, rollupsFromRecords, storedRollups } from './ingest-helpers';

// Enrichment after commit: reverse DNS through a loopback DNS server (one IP never answers), base domain by
// the public suffix list, sender service into the rollups; ingestion itself never touches DNS.

let t: TestDatabase;
let dns: TestDnsServer;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  t = await openTestDatabase();
  dns = await startDnsServer({
    records: [
      { name: reverseName('203.0.113.5')!, type: 'PTR', data: 'mail-out5.relay.bigmailer.co.uk' },
      { name: reverseName('2001:db8::25')!, type: 'PTR', data: 'o25.sender.example.com' },
    ],
    rules: [{ name: reverseName('203.0.113.9')!, action: 'timeout' }],
  });
  await makeOrganization(t.db, 'Enriched', ['enrich.example']);
});
afterAll(async () => {
  await dns.close();
  await t.close();
});

const resolver = () => createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 });

describe('source IP enrichment', () => {
  it('maps IPv4 and IPv6 addresses to their reverse names', () => {
    expect(reverseName('192.0.2.1')).toBe('1.2.0.192.in-addr.arpa');
    expect(reverseName('2001:db8::1')).toMatch(/^1(\.0){23}\.8\.b\.d\.0\.1\.0\.0\.2\.ip6\.arpa$/);
    expect(reverseName('not an ip')).toBeNull();
  });

  it('stores reports without waiting on DNS, then fills reverse DNS, base domain and sender service', async () => {
    const xml = reportXml({
      reportId: 'enrich-1',
      domain: 'enrich.example',
      records: [{ ip: '203.0.113.5', count: '3' }, { ip: '2001:db8::25', count: '2' }, { ip: '203.0.113.9' }],
    });
    const queriesBefore = dns.queries.length;
    const { result } = await ingestFile(t.db, { name: 'e.xml', bytes: Buffer.from(xml), source: 'cli' });
    expect(result.status).toBe('imported');
    expect(dns.queries.length).toBe(queriesBefore);
    const pending = await t.db.selectFrom('ip_enrichment').selectAll().orderBy('ip').execute();
    expect(pending.map((p) => [p.ip, p.status])).toEqual([
      ['2001:db8::25', 'pending'],
      ['203.0.113.5', 'pending'],
      ['203.0.113.9', 'pending'],
    ]);

    const started = Date.now();
    expect(await enrichPending(t.db, { resolver: resolver(), timeoutMs: 300, concurrency: 4 })).toBe(3);
    expect(Date.now() - started).toBeLessThan(3000);
    const rows = await t.db.selectFrom('ip_enrichment').selectAll().orderBy('ip').execute();
    expect(rows.map((r) => [r.ip, r.ptr, r.base_domain, r.sender_service, r.status])).toEqual([
      ['2001:db8::25', 'o25.sender.example.com', 'example.com', 'example.com', 'done'],
      ['203.0.113.5', 'mail-out5.relay.bigmailer.co.uk', 'bigmailer.co.uk', 'bigmailer.co.uk', 'done'],
      // Timed out: tried again later, up to three attempts.
      ['203.0.113.9', null, null, null, 'pending'],
    ]);
    const services = await t.db
      .selectFrom('dmarc_rollups')
      .select(['source_ip', 'sender_service', 'messages'])
      .orderBy('source_ip')
      .execute();
    expect(services.map((s) => [s.source_ip, s.sender_service, Number(s.messages)])).toEqual([
      ['2001:db8::25', 'example.com', 2],
      ['203.0.113.5', 'bigmailer.co.uk', 3],
      ['203.0.113.9', null, 1],
    ]);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));

    // A later report from a known IP gets the sender service at ingest time, also in a rollup row of its
    // own (other results: a new key, not one merged into a row that already has it).
    const again = reportXml({
      reportId: 'enrich-2',
      domain: 'enrich.example',
      records: [{ ip: '203.0.113.5' }, { ip: '203.0.113.5', dkim: 'fail', spf: 'fail' }],
    });
    await ingestFile(t.db, { name: 'f.xml', bytes: Buffer.from(again), source: 'cli' });
    const unknown = await t.db
      .selectFrom('dmarc_rollups')
      .select('source_ip')
      .where('sender_service', 'is', null)
      .execute();
    expect(unknown.map((u) => u.source_ip)).toEqual(['203.0.113.9']);
    const known = await t.db
      .selectFrom('dmarc_rollups')
      .select('sender_service')
      .where('source_ip', '=', '203.0.113.5')
      .execute();
    expect(known.map((k) => k.sender_service)).toEqual(['bigmailer.co.uk', 'bigmailer.co.uk']);
  });

  it('attributes by the same rule as networks/recalculate/: network, then reverse-DNS suffix, then base domain', async () => {
    const big = await t.db
      .insertInto('email_senders')
      .values({ name: 'Big Mailer', reverse_dns_suffixes: JSON.stringify(['relay.bigmailer.co.uk']) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const net = await t.db
      .insertInto('email_senders')
      .values({ name: 'V6 Sender' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('email_sender_networks')
      .values({ sender_id: net.id, range: '2001:db8::/64' })
      .execute();
    await t.db.updateTable('ip_enrichment').set({ status: 'pending', attempts: 0 }).execute();
    await enrichPending(t.db, { resolver: resolver(), timeoutMs: 300, concurrency: 4 });
    const services = async () =>
      (
        await t.db
          .selectFrom('dmarc_rollups')
          .select(['source_ip', 'sender_service'])
          .distinct()
          .orderBy('source_ip')
          .execute()
      ).map((s) => [s.source_ip, s.sender_service]);
    const enriched = await services();
    expect(enriched).toEqual([
      ['2001:db8::25', 'V6 Sender'],
      ['203.0.113.5', 'Big Mailer'],
      ['203.0.113.9', null],
    ]);
    // Recalculating finds nothing to change: both paths give one answer.
    expect((await recalculateAttribution(t.db)).changed).toBe(0);
    expect(await services()).toEqual(enriched);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));
    await t.db.deleteFrom('email_senders').where('id', 'in', [big.id, net.id]).execute();
    await recalculateAttribution(t.db);
  });

  it('runs as scheduled jobs: the enrichment job saves its lookups on the next run, the purge job runs', async () => {
    await t.db.updateTable('ip_enrichment').set({ status: 'pending', ptr: null }).execute();
    const job = enrichmentJob({ resolver: resolver(), timeoutMs: 200 });
    const ctx = { ...jobContext(t.db), logger };
    await runJobNow(ctx, job);
    await new Promise((r) => setTimeout(r, 700));
    await runJobNow(ctx, job);
    const row = await t.db
      .selectFrom('ip_enrichment')
      .selectAll()
      .where('ip', '=', '203.0.113.5')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ptr: 'mail-out5.relay.bigmailer.co.uk', status: 'done' });
    await runJobNow(ctx, reportPurgeJob());
  });
});
