import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadZone } from '../../../tests/fixtures/checks/zones';
import { createDnsResolver } from '../resolver';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import type { CheckContext } from '../domain/context';
import { checkDns } from './check';

let main: TestDnsServer;
let lame: TestDnsServer;
let silent: TestDnsServer;
let ctx: CheckContext;

const codes = (list: { code: string }[]) => list.map((w) => w.code);

beforeAll(async () => {
  main = await startDnsServer(loadZone('dns'));
  // A server that answers, but knows nothing of lame.test (no SOA: not authoritative).
  lame = await startDnsServer({ records: [{ name: 'other.test', type: 'A', data: '192.0.2.99' }] });
  silent = await startDnsServer({ rules: [{ name: '*', action: 'timeout' }] });
  const at = (s: TestDnsServer) => ({ host: s.host, port: s.port });
  ctx = {
    resolver: createDnsResolver({ servers: [at(main)], timeoutMs: 400, tries: 1 }),
    nameServerTarget: (address) =>
      address === '192.0.2.53' ? at(lame) : address === '192.0.2.54' ? at(silent) : at(main),
    // The zone's name servers are documentation addresses served on loopback.
    allowPrivateTargets: true,
  };
});

afterAll(async () => {
  await Promise.all([main.close(), lame.close(), silent.close()]);
});

describe('checkDns', () => {
  it('passes a domain with two authoritative name servers and resolvable MX hosts', async () => {
    const r = await checkDns('good.test', ctx);
    expect(r.baseDomain).toBe('good.test');
    expect(r.ns.hostnames).toEqual(['ns1.good.test', 'ns2.good.test']);
    expect(
      r.ns.servers.every((s) =>
        s.answers.every((a) => a.status === 'authoritative' && a.serial === 2024010101),
      ),
    ).toBe(true);
    expect(r.mx.hosts.map((h) => [h.preference, h.hostname])).toEqual([
      [10, 'mx1.good.test'],
      [20, 'mx2.good.test'],
    ]);
    expect(r.mx.hosts[0].addresses).toEqual(['192.0.2.10', '2001:db8::10']);
    expect(r.warnings).toEqual([]);
    expect(r).toMatchObject({ score: 100, dnssec: null, dnssecScore: null, daneScore: null, tlsScore: null });
  });

  it('asks each name server directly with recursion off', async () => {
    main.queries.length = 0;
    await checkDns('good.test', ctx);
    expect(main.queries.filter((q) => q.type === 'SOA' && q.name === 'good.test')).toHaveLength(2);
  });

  it('finds lame, silent and unresolvable name servers', async () => {
    const r = await checkDns('lame.test', ctx);
    const byHost = Object.fromEntries(r.ns.servers.map((s) => [s.hostname, s.answers.map((a) => a.status)]));
    expect(byHost).toEqual({
      'ghost.lame.test': [],
      'ns1.lame.test': ['authoritative'],
      'ns2.lame.test': ['lame'],
      'ns3.lame.test': ['no_response'],
    });
    expect(codes(r.ns.warnings)).toEqual(['ns_unresolvable', 'ns_lame', 'ns_no_response']);
    expect(r.ns.score).toBe(100 - 30 - 30 - 25);
  }, 10_000);

  it('warns about a single name server that is an alias, and accepts a null MX', async () => {
    const r = await checkDns('single.test', ctx);
    expect(codes(r.ns.warnings).sort()).toEqual(['ns_cname', 'ns_too_few']);
    expect(r.mx).toMatchObject({ nullMx: true, score: 100, hosts: [{ hostname: '.', preference: 0 }] });
    expect(codes(r.mx.warnings)).toEqual(['null_mx']);
  });

  it('rejects a null MX published beside other MX records (RFC 7505 §3)', async () => {
    const r = await checkDns('mixednull.test', ctx);
    expect(r.mx.nullMx).toBe(false);
    expect(codes(r.mx.warnings)).toContain('null_mx_mixed');
  });

  it('flags an MX that is an IP address, one that is a CNAME and one that does not resolve', async () => {
    const r = await checkDns('badmx.test', ctx);
    expect(codes(r.mx.warnings).sort()).toEqual(['mx_cname', 'mx_ip_literal', 'mx_unresolvable']);
    const alias = r.mx.hosts.find((h) => h.hostname === 'alias.badmx.test');
    expect(alias).toMatchObject({ cname: 'mx1.good.test', addresses: ['192.0.2.10', '2001:db8::10'] });
    expect(r.mx.score).toBe(100 - 40 - 15 - 40);
  });

  it('explains the implicit MX when there is no MX record', async () => {
    const r = await checkDns('nomx.test', ctx);
    expect(r.mx.warnings[0]).toMatchObject({ code: 'mx_none', severity: 'warning' });
    expect(r.mx.warnings[0].message).toContain('implicit MX');
  });

  it('checks the enclosing zone of a name that is not a zone apex', async () => {
    const r = await checkDns('sub.good.test', ctx);
    expect(r.ns.zone).toBe('good.test');
    expect(codes(r.ns.warnings)).toEqual(['not_zone_apex']);
    expect(r.baseDomain).toBe('good.test');
  });

  it('reports a domain that does not exist once', async () => {
    const r = await checkDns('missing.test', ctx);
    expect(codes(r.warnings)).toEqual(['domain_not_found']);
    expect(r.score).toBe(0);
  });

  it('turns a DNS timeout into a dns_error, not a crash', async () => {
    const r = await checkDns('broken.test', ctx);
    expect(r.mx.warnings[0]).toMatchObject({ code: 'dns_error', severity: 'error' });
    expect(r.mx.score).toBe(0);
  });

  it('computes the base domain by the public suffix list', async () => {
    const r = await checkDns('www.example.co.uk', {
      ...ctx,
      resolver: {
        query: async () => ({ rcode: 'NXDOMAIN', answers: [], cnames: [], ad: false, aa: false, ede: [] }),
      },
    });
    expect(r.baseDomain).toBe('example.co.uk');
  });
});
