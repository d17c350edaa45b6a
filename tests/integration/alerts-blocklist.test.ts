import { runJobNow } from '../../server/jobs/handle';
import {
  testIps,
  testLists,
  testReputationZone,
  testZoneRecords,
  testZoneRules,
} from '../../server/checks/reputation/testing/testZones';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { alertSweepJob } from '../../server/modules/alerts/jobs';
import { webhookEvents } from '../../server/modules/alerts/delivery/webhook-events';
import { findRule } from '../../server/modules/alerts/repo';
import { configureReputation } from '../../server/modules/reputation/services';
import { ingestFile } from '../../server/ingest/ingest-file';
import { reportXml } from '../fixtures/dmarc/build-report';
import { confirmWaitingRecipients } from './support/recipients';
import { alertWorld, type AlertWorld, dayAgo, firingsOf, ingestDay, plain } from './alerts-setup';
import { call, seedTenant } from './support/orgs';

// ip_blocklisted end to end: real DNSBL and reputation lookups against a loopback DNS server serving the
// test zones, judged by the hourly sweep, with the mail captured over SMTP. One rule on an IP, one on a
// domain whose largest sender (from the rollups) is that IP: listed → one mail naming the lists, still
// listed → nothing more, delisted → one recovery.

const domain = 'blocklisted.example.com';
const listed = testIps.listed;
let w: AlertWorld;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer({ records: testZoneRecords, rules: testZoneRules });
  w = await alertWorld(domain, {
    DNSBL_ZONES: testLists,
    REPUTATION_ZONE: testReputationZone,
    DNSBL_TIMEOUT_MS: '300',
  });
  configureReputation(w.t.ctx, {
    resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 }),
  });
  // 192.0.2.10 sends 50 messages (listed on zen.test and cop.test, reputation L4); 198.51.100.7 sends 5
  // (on no list, no reputation answer).
  await ingestDay(w.t, { domain, day: dayAgo(1), pass: 50, fail: 5, ip: listed });
}, 60_000);
afterAll(async () => {
  await w?.close();
  await dns?.close();
});

async function rule(body: Record<string, unknown>): Promise<number> {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
    condition: 'ip_blocklisted',
    cooldown_minutes: 5,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function sweep(minutesLater: number) {
  w.t.clock.offsetMs += minutesLater * 60_000;
  // The rules' outside addresses stand for confirmed ones (the rule itself: alerts-recipients.test.ts).
  await confirmWaitingRecipients(w.t.db);
  await runJobNow(w.t.ctx, alertSweepJob());
  await w.t.ctx.mailer.settled();
}

const firingIds = async (id: number) =>
  (await w.t.db.selectFrom('alert_firings').select('id').where('rule_id', '=', id).execute()).map((r) =>
    Number(r.id),
  );
const mailsTo = (to: string) => w.smtp.received.filter((r) => r.to.includes(to)).map((r) => plain(r.data));
const kinds = async (id: number) => (await firingsOf(w.t, id)).map((f) => [f.kind, f.subject]);

describe('the blocklist alert condition', () => {
  it('lists the condition with its parameters for every scope type', async () => {
    const res = await call(w.t, 'GET', '/api/dm/conditions/', w.a.tokens.member);
    const c = (res.json().data as { id: string; attributes: Record<string, unknown> }[]).find(
      (x) => x.id === 'ip_blocklisted',
    );
    expect(c?.attributes).toMatchObject({
      subject: 'ip',
      kind: 'state',
      scope_types: ['domain', 'domain_group', 'organization', 'ip'],
    });
    expect(
      (c?.attributes.params as { name: string; default: unknown }[]).map((p) => [p.name, p.default]),
    ).toEqual([
      ['top_sources', 20],
      ['min_listings', 1],
      ['reputation_drop', true],
    ]);
  });

  it('refuses parameters out of range with 400 naming them', async () => {
    const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
      scope_type: 'ip',
      target_selection: listed,
      condition: 'ip_blocklisted',
      params: { top_sources: 201, min_listings: 'two', reputation_drop: 'maybe' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('top_sources');
    expect(res.body).toContain('min_listings');
    expect(res.body).toContain('reputation_drop');
  });

  it('refuses an IP rule on an address the block lists are never asked about, naming the field', async () => {
    const cases = [
      ['10.1.2.3', 'private (RFC 1918)'],
      ['::1', 'loopback (RFC 4291)'],
      ['169.254.0.9', 'link-local (RFC 3927)'],
    ];
    for (const [ip, range] of cases) {
      const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
        scope_type: 'ip',
        target_selection: ip,
        condition: 'ip_blocklisted',
      });
      expect(res.statusCode, ip).toBe(400);
      expect(res.json()).toMatchObject({
        target_selection: [
          `Block lists are never asked about ${range} addresses: enter a public IP address.`,
        ],
      });
    }
    // Reports do name private sources (relays inside a network): a rate rule on one is fine; turning it into
    // a block list rule is not.
    const rate = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
      scope_type: 'ip',
      target_selection: '10.1.2.3',
      condition: 'dmarc_failure_rate',
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const patched = await call(w.t, 'PATCH', `/api/dm/alerts/${rate.json().data.id}/`, w.a.tokens.owner, {
      condition: 'ip_blocklisted',
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toMatchObject({
      target_selection: [
        'Block lists are never asked about private (RFC 1918) addresses: enter a public IP address.',
      ],
    });
    await call(w.t, 'DELETE', `/api/dm/alerts/${rate.json().data.id}/`, w.a.tokens.owner);
  });

  it('answers that the backtest is not available, not a zero', async () => {
    const res = await call(w.t, 'POST', '/api/dm/alerts/backtest/', w.a.tokens.owner, {
      scope_type: 'ip',
      target_selection: listed,
      condition: 'ip_blocklisted',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ available: false, fired_count: null, days: [] });
  });

  it('fires once when listed, stays quiet while listed, and sends one recovery when delisted', async () => {
    const onIp = await rule({
      scope_type: 'ip',
      target_selection: listed,
      destination_addresses: ['bl-ip@example.com'],
    });
    const onDomain = await rule({
      scope_type: 'domain',
      target_selection: domain,
      params: { min_listings: 2, reputation_drop: false },
      destination_addresses: ['bl-domain@example.com'],
    });
    // Another organization with no reports of its own: its organization-wide rule watches no IP of ours.
    const other = await seedTenant(w.t, 'Other Blocklist Org', 'other-blocklist.example.com');
    const res = await call(w.t, 'POST', '/api/dm/alerts/', other.tokens.owner, {
      scope_type: 'organization',
      condition: 'ip_blocklisted',
      destination_addresses: ['bl-other@example.com'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const otherRule = res.json().data.id as number;
    await sweep(0);
    expect(await kinds(otherRule)).toEqual([]);
    expect(await kinds(onIp)).toEqual([['firing', listed]]);
    expect(await kinds(onDomain)).toEqual([['firing', listed]]);
    expect((await firingsOf(w.t, onIp))[0]!.observed).toEqual({
      blocklists: 'zen.test, cop.test',
      listings: 2,
      reputation: 'L4',
    });
    const [ipMail] = mailsTo('bl-ip@example.com');
    expect(ipMail).toContain('block lists zen.test, cop.test');
    // The lists by name, each with its delisting page (zen.test and cop.test mirror Spamhaus ZEN and SpamCop).
    expect(ipMail).toContain('Listed on Spamhaus ZEN (Ask for removal): https://check.spamhaus.org/');
    expect(ipMail).toContain('Listed on SpamCop (Ask for removal): https://www.spamcop.net/bl.shtml');
    const [event] =
      (await webhookEvents(w.t.ctx, (await findRule(w.t.db, onIp))!, await firingIds(onIp))) ?? [];
    expect(event).toMatchObject({
      state: 'firing',
      ip: listed,
      blocklists: [
        { zone: 'zen.test', name: 'Spamhaus ZEN', delist_url: 'https://check.spamhaus.org/' },
        { zone: 'cop.test', name: 'SpamCop', delist_url: 'https://www.spamcop.net/bl.shtml' },
      ],
    });
    expect(mailsTo('bl-domain@example.com')).toHaveLength(1);
    expect(mailsTo('bl-domain@example.com')[0]).toContain('block lists zen.test, cop.test');

    // An hour later, still listed: no second firing, no second mail.
    await sweep(60);
    expect(await kinds(onIp)).toHaveLength(1);
    expect(mailsTo('bl-ip@example.com')).toHaveLength(1);
    expect(mailsTo('bl-domain@example.com')).toHaveLength(1);

    // Delisted from every zone and back to a good reputation. A fresh checker: the lookups' answer cache
    // would otherwise keep the listing for its TTL (at most an hour, ../../server/checks/dnsbl/lookup.ts).
    const ofListed = (name: string) => name.startsWith('10.2.0.192.') && /\.(zen|cop|rep)\.test$/.test(name);
    dns.setRecords(testZoneRecords.filter((r) => !ofListed(r.name)));
    configureReputation(w.t.ctx, {});
    await sweep(60);
    expect(await kinds(onIp)).toEqual([
      ['firing', listed],
      ['recovery', listed],
    ]);
    expect(await kinds(onDomain)).toEqual([
      ['firing', listed],
      ['recovery', listed],
    ]);
    expect(mailsTo('bl-ip@example.com')).toHaveLength(2);
    expect(mailsTo('bl-domain@example.com')).toHaveLength(2);
  });

  it('looks up at most 200 distinct IPs per organization and sweep, whatever its rules ask', async () => {
    // An organization whose reports name 230 public sources; a domain rule watching its top 200 and an IP
    // rule on another address: 201 IPs asked of one organization's budget. Another organization keeps its own.
    const capped = await seedTenant(w.t, 'Capped Blocklist Org', 'capped-blocklist.example.com');
    const ip = (n: number) => `198.18.${Math.floor(n / 256)}.${n % 256}`;
    const begin = Date.parse(`${dayAgo(1)}T00:00:00Z`) / 1000;
    const xml = reportXml({
      reportId: 'capped-230',
      domain: 'capped-blocklist.example.com',
      begin: String(begin),
      end: String(begin + 86_399),
      records: Array.from({ length: 230 }, (_, i) => ({
        ip: ip(i + 1),
        count: String(1000 - i),
        headerFrom: 'capped-blocklist.example.com',
      })),
    });
    const stored = await ingestFile(w.t.db, { name: 'capped.xml', bytes: Buffer.from(xml), source: 'cli' });
    expect(stored.reports.map((r) => r.status)).toEqual(['imported']);
    const create = async (tenant: typeof capped, body: Record<string, unknown>) => {
      const res = await call(w.t, 'POST', '/api/dm/alerts/', tenant.tokens.owner, {
        condition: 'ip_blocklisted',
        destination_addresses: ['bl-capped@example.com'],
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await create(capped, {
      scope_type: 'domain',
      target_selection: 'capped-blocklist.example.com',
      params: { top_sources: 200 },
    });
    await create(capped, { scope_type: 'ip', target_selection: '198.19.0.1' });
    const neighbour = await seedTenant(w.t, 'Neighbour Blocklist Org', 'neighbour-blocklist.example.com');
    await create(neighbour, { scope_type: 'ip', target_selection: '198.19.0.2' });
    // A fresh answer cache on the loopback server, its query log from here on.
    configureReputation(w.t.ctx, {
      resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 }),
    });
    dns.queries.length = 0;
    await sweep(60);
    const asked = new Set(
      dns.queries
        .map((q) => /^(\d+)\.(\d+)\.(\d+)\.(\d+)\.(zen|cop|rep)\.test$/.exec(q.name))
        .filter((m) => m !== null)
        .map((m) => `${m[4]}.${m[3]}.${m[2]}.${m[1]}`),
    );
    const ofCapped = [...asked].filter((a) => a.startsWith('198.18.') || a === '198.19.0.1');
    expect(ofCapped).toHaveLength(200);
    // The domain rule's 200 largest senders came first (rules in id order); the IP rule's address waits.
    expect(asked.has(ip(200))).toBe(true);
    expect(asked.has(ip(201))).toBe(false);
    expect(asked.has('198.19.0.1')).toBe(false);
    expect(asked.has('198.19.0.2')).toBe(true);
  });
});
