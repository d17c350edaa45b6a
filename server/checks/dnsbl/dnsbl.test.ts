import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../resolver';
import type { Resolver } from '../dnsTypes';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import { createTtlCache } from './cache';
import { createBlocklistChecker, summarise } from './check';
import { lookupList, type ListResult } from './lookup';
import { parseIp } from './reverse';
import { customList, defaultLists, isListSetting, parseListSetting } from './zones';

const zen = { ...defaultLists.find((l) => l.zone === 'zen.spamhaus.org')!, zone: 'zen.test' };
const dnswl = { ...defaultLists.find((l) => l.kind === 'allow')!, zone: 'wl.test' };
const spamcop = { ...defaultLists.find((l) => l.zone === 'bl.spamcop.net')!, zone: 'cop.test' };
const v6 = parseIp('2001:db8::5')!;

let server: TestDnsServer;
let resolver: Resolver;

beforeAll(async () => {
  server = await startDnsServer({
    records: [
      { name: '2.0.0.127.zen.test', type: 'A', data: '127.0.0.2' },
      { name: '2.0.0.127.zen.test', type: 'A', data: '127.0.0.4', ttl: 120 },
      { name: '2.0.0.127.zen.test', type: 'TXT', data: 'https://check.spamhaus.org/sbl/query/SBL1' },
      { name: '3.2.0.192.zen.test', type: 'A', data: '127.255.255.254' },
      { name: '4.2.0.192.zen.test', type: 'A', data: '198.51.100.1' },
      { name: `${v6.reversed}.zen.test`, type: 'A', data: '127.0.0.3' },
      { name: '2.0.0.127.wl.test', type: 'A', data: '127.0.5.2' },
      { name: '2.0.0.127.cop.test', type: 'A', data: '127.0.0.2' },
    ],
    rules: [
      { name: '5.2.0.192.zen.test', action: 'timeout' },
      { name: '6.2.0.192.zen.test', action: 'servfail' },
    ],
  });
  resolver = createDnsResolver({ servers: [{ host: server.host, port: server.port }], tries: 1 });
});

afterAll(() => server.close());

const check = (ip: string, list = zen) => lookupList(resolver, list, parseIp(ip)!, { timeoutMs: 300 });

describe('lookupList against a loopback DNS list', () => {
  it('reports a listing with every return code, its meaning, the TXT reason and the time taken', async () => {
    const r = await check('127.0.0.2');
    expect(r).toMatchObject({
      status: 'listed',
      zone: 'zen.test',
      codes: [
        { code: '127.0.0.2', meaning: expect.stringContaining('SBL') },
        { code: '127.0.0.4', meaning: expect.stringContaining('XBL') },
      ],
      reason: 'https://check.spamhaus.org/sbl/query/SBL1',
      delist_url: 'https://check.spamhaus.org/',
      ttl: 120,
    });
    expect(r.time_ms).toBeGreaterThanOrEqual(0);
  });

  it('reads NXDOMAIN as not listed', async () => {
    expect(await check('192.0.2.1')).toMatchObject({ status: 'not_listed', codes: [], reason: null });
  });

  it('treats Spamhaus 127.255.255.x answers as errors, not listings', async () => {
    const r = await check('192.0.2.3');
    expect(r.status).toBe('error');
    expect(r.codes).toEqual([{ code: '127.255.255.254', meaning: expect.stringContaining('public') }]);
    expect(r.ttl).toBe(0);
  });

  it('treats an answer outside 127/8 (a rewriting resolver) as an error', async () => {
    expect((await check('192.0.2.4')).status).toBe('error');
  });

  it('treats 127.255.255.x as an error on a list that does not document it', async () => {
    const plain = customList('zen.test', 'block');
    expect(await check('192.0.2.3', plain)).toMatchObject({
      status: 'error',
      codes: [{ code: '127.255.255.254' }],
    });
  });

  it('reports SERVFAIL as an error and no answer as a timeout', async () => {
    expect(await check('192.0.2.6')).toMatchObject({ status: 'error', error: expect.any(String) });
    const slow = await check('192.0.2.5');
    expect(slow.status).toBe('timeout');
    expect(slow.time_ms).toBeGreaterThanOrEqual(250);
  });

  it('looks IPv6 up nibble-reversed, and skips lists without IPv6', async () => {
    expect((await check('2001:db8::5')).status).toBe('listed');
    const before = server.queries.length;
    expect((await check('2001:db8::5', spamcop)).status).toBe('not_listed');
    expect(server.queries.length).toBe(before);
  });

  it("describes DNSWL's category and trust answers as an allow-listing", async () => {
    const r = await check('127.0.0.2', dnswl);
    expect(r).toMatchObject({ kind: 'allow', status: 'listed' });
    expect(r.codes[0].meaning).toBe('Allow-listed: Service/network providers, trust medium');
  });
});

describe('createBlocklistChecker', () => {
  it('checks every list and reuses answers for their TTL, but asks again after an error', async () => {
    let clock = 1_000_000;
    const cache = createTtlCache<ListResult>(100, () => clock);
    const checker = createBlocklistChecker({ resolver, lists: [zen, dnswl, spamcop], timeoutMs: 300, cache });
    const ip = parseIp('127.0.0.2')!;
    const first = await checker(ip);
    expect(first.map((r) => r.status)).toEqual(['listed', 'listed', 'listed']);
    expect(summarise(first)).toEqual({ listed: 2, not_listed: 0, failed: 0, allow_listed: 1 });
    const asked = server.queries.length;
    await checker(ip);
    expect(server.queries.length).toBe(asked);
    clock += 121_000; // zen's answer (ttl 120) expired, the others (300) not
    await checker(ip);
    expect(server.queries.map((q) => q.name).slice(asked)).toEqual([
      '2.0.0.127.zen.test',
      '2.0.0.127.zen.test',
    ]);
    const failing = parseIp('192.0.2.6')!;
    await checker(failing);
    const afterError = server.queries.length;
    await checker(failing);
    expect(server.queries.length).toBeGreaterThan(afterError);
  });
});

describe('parseListSetting', () => {
  it('keeps the default list when empty, known meanings for known zones, RFC 5782 meanings otherwise', () => {
    expect(parseListSetting('')).toBe(defaultLists);
    const lists = parseListSetting('zen.spamhaus.org, bl.test , wl.test:allow');
    expect(lists.map((l) => [l.zone, l.kind])).toEqual([
      ['zen.spamhaus.org', 'block'],
      ['bl.test', 'block'],
      ['wl.test', 'allow'],
    ]);
    expect(lists[0].delistUrl).toBe('https://check.spamhaus.org/');
    expect(lists[1]).toMatchObject({ ...customList('bl.test', 'block'), describe: expect.any(Function) });
  });

  it('lets a mirror zone answer like a default list, and validates the setting', () => {
    const [dq] = parseListSetting('KEY.zen.dq.spamhaus.net=zen.spamhaus.org');
    expect(dq).toMatchObject({ name: 'Spamhaus ZEN', zone: 'key.zen.dq.spamhaus.net', kind: 'block' });
    expect(dq.errors['127.255.255.254']).toBeDefined();
    expect(isListSetting('a.test, b.test=zen.spamhaus.org:block, c.test:allow')).toBe(true);
    expect(isListSetting('not a zone')).toBe(false);
    expect(isListSetting('a.test:maybe')).toBe(false);
  });

  it('ships the seven default lists, DNSWL as the allow-list', () => {
    expect(defaultLists.map((l) => l.name)).toEqual([
      'Spamhaus ZEN',
      'SpamCop',
      'Barracuda',
      'PSBL',
      'Mailspike',
      'UCEPROTECT Level 1',
      'DNSWL',
    ]);
    expect(defaultLists.filter((l) => l.kind === 'allow').map((l) => l.zone)).toEqual(['list.dnswl.org']);
  });
});
