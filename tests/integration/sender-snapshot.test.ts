import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { applySnapshot, readSnapshot } from '../../server/db/migrations/0052_sender_network_snapshot';
import { enrichPending } from '../../server/ingest/enrichment';
import { refreshSenderNetworks } from '../../server/modules/email-senders';
import { ingestFile } from '../../server/ingest/ingest-file';
import { reportXml } from '../fixtures/dmarc/build-report';
import { openTestDatabase, type TestDatabase } from './support/db';
import { makeOrganization } from './ingest-helpers';

// The shipped snapshot of the well-known senders' SPF networks: attribution by network works from the
// first report on an installation whose DNS answers nothing.

let t: TestDatabase;
let dns: TestDnsServer;

beforeAll(async () => {
  t = await openTestDatabase();
  // Every question refused: reverse DNS and SPF lookups both fail, as offline.
  dns = await startDnsServer({ rules: [{ name: '*', action: 'refused' }] });
  await makeOrganization(t.db, 'Offline', ['offline.example']);
});
afterAll(async () => {
  await dns.close();
  await t.close();
});

describe('the sender network snapshot', () => {
  it('is dated, names its source records, and holds only valid CIDRs', () => {
    const snapshot = readSnapshot();
    expect(snapshot.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    for (const s of snapshot.senders) {
      expect(s.records.length).toBeGreaterThan(0);
      for (const range of s.networks) expect(ipaddr.isValidCIDR(range), range).toBe(true);
    }
  });

  it('attributes Google and Microsoft source IPs with no DNS at all', async () => {
    const xml = reportXml({
      reportId: 'offline-1',
      domain: 'offline.example',
      records: [
        { ip: '209.85.220.41', headerFrom: 'offline.example' },
        { ip: '40.107.22.51', headerFrom: 'offline.example' },
        { ip: '2a01:111:f403:2c0a::700', headerFrom: 'offline.example' },
        { ip: '192.0.2.77', headerFrom: 'offline.example' },
      ],
    });
    const { result } = await ingestFile(t.db, { name: 'o.xml', bytes: Buffer.from(xml), source: 'cli' });
    expect(result.status).toBe('imported');
    const resolver = createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 });
    await enrichPending(t.db, { resolver, timeoutMs: 300 });
    const rows = await t.db
      .selectFrom('dmarc_rollups')
      .select(['source_ip', 'sender_service'])
      .orderBy('source_ip')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.source_ip, r.sender_service]))).toEqual({
      '192.0.2.77': null,
      '209.85.220.41': 'Google Workspace / Gmail',
      '2a01:111:f403:2c0a::700': 'Microsoft 365 / Outlook',
      '40.107.22.51': 'Microsoft 365 / Outlook',
    });
  });

  it('leaves a sender that already has networks as it is', async () => {
    const google = await t.db
      .selectFrom('email_senders')
      .select('id')
      .where('name', '=', 'Google Workspace / Gmail')
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('email_sender_networks').where('sender_id', '=', google.id).execute();
    await t.db
      .insertInto('email_sender_networks')
      .values({ sender_id: google.id, range: '198.51.100.0/24' })
      .execute();
    expect(await applySnapshot(t.db as unknown as Kysely<unknown>)).toBe(0);
    const ranges = await t.db
      .selectFrom('email_sender_networks')
      .select('range')
      .where('sender_id', '=', google.id)
      .execute();
    expect(ranges.map((r) => r.range)).toEqual(['198.51.100.0/24']);
  });

  it('is refreshed online when DNS answers, and kept as it is when DNS fails', async () => {
    const networks = () =>
      t.db
        .selectFrom('email_sender_networks')
        .innerJoin('email_senders', 'email_senders.id', 'email_sender_networks.sender_id')
        .select('range')
        .where('email_senders.name', '=', 'Google Workspace / Gmail')
        .orderBy('range')
        .execute();
    const before = await networks();
    const offline = createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 });
    const failed = await refreshSenderNetworks(t.db, offline);
    expect(failed).toMatchObject({ answered: 0, added: 0 });
    expect(failed.failed).toBeGreaterThan(5);
    expect(await networks()).toEqual(before);

    const online = await startDnsServer({
      records: [{ name: '_spf.google.com', type: 'TXT', data: 'v=spf1 ip4:198.18.0.0/15 ~all' }],
    });
    try {
      const resolver = createDnsResolver({ servers: [{ host: online.host, port: online.port }], tries: 1 });
      const refreshed = await refreshSenderNetworks(t.db, resolver);
      expect(refreshed.added).toBe(1);
      expect((await networks()).map((n) => n.range).sort()).toEqual(
        [...before.map((n) => n.range), '198.18.0.0/15'].sort(),
      );
    } finally {
      await online.close();
    }
  });
});
