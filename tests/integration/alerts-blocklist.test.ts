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
import { configureReputation } from '../../server/modules/reputation/services';
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
  await runJobNow(w.t.ctx, alertSweepJob());
  await w.t.ctx.mailer.settled();
}

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
});
