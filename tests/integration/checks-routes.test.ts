import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkers } from '../../server/checks/domain/registry';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { createTestCa, type TestCa } from '../support/tls/certs';
import { loadZone } from '../fixtures/checks/zones';
import { startTestApp, type TestApp } from './support/app';

// The public /checks routes through the whole app: the real resolver pointed at a loopback DNS server by
// DNS_SERVERS, name servers asked on CHECKS_NS_PORT, the MTA-STS policy from a loopback HTTPS server
// (MTA_STS_PORT, MTA_STS_CA_FILE).

let dns: TestDnsServer;
let ca: TestCa;
let web: https.Server;
let t: TestApp;
const savedDnsServers = process.env.DNS_SERVERS;

beforeAll(async () => {
  dns = await startDnsServer(loadZone('routes'));
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`;
  ca = createTestCa();
  web = https.createServer(ca.issue('shop', ['mta-sts.shop.test']), (_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/plain' })
      .end('version: STSv1\nmode: enforce\nmx: mx.shop.test\nmax_age: 604800\n');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    env: {
      CHECKS_NS_PORT: String(dns.port),
      MTA_STS_PORT: String((web.address() as AddressInfo).port),
      MTA_STS_CA_FILE: ca.caFile,
      CHECKS_RATE_LIMIT: '40',
      // The zone's name servers, MX and policy hosts are the loopback listeners above.
      CHECKS_ALLOW_PRIVATE_TARGETS: 'true',
      // Nothing listens there: the SMTP checkers (when plugged in) are refused at once.
      SMTP_CHECK_PORT: String(await freePort()),
    },
  });
}, 30_000);

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => web.close(resolve));
  await dns.close();
  ca.cleanup();
  if (savedDnsServers === undefined) delete process.env.DNS_SERVERS;
  else process.env.DNS_SERVERS = savedDnsServers;
});

const get = (url: string, remoteAddress = '198.51.100.1') =>
  t.app.inject({ method: 'GET', url, remoteAddress });

describe('GET /checks/*', () => {
  it('answers the DMARC check as a document with snake_case keys and the tag table', async () => {
    const res = await get('/checks/dmarc/Shop.Test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ type: 'dmarc-check', id: 'shop.test' });
    expect(body.data.attributes).toMatchObject({
      record: 'v=DMARC1; p=quarantine; rua=mailto:dmarc@shop.test',
      location: 'shop.test',
      org_domain: 'shop.test',
      valid: true,
      tags: { p: { value: 'quarantine', explicit: true }, sp: { value: 'quarantine', explicit: false } },
    });
    expect(body.data.attributes.report_destinations[0]).toMatchObject({ has_mx: true, external: false });
    expect(body.meta).toMatchObject({ cached: false });
  });

  it('serves a second identical question from the cache without asking DNS', async () => {
    await get('/checks/tls-rpt/shop.test');
    const before = dns.queries.length;
    const res = await get('/checks/tls-rpt/shop.test/');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.cached).toBe(true);
    expect(res.json().data.attributes).toMatchObject({ valid: true, policy: { v: 'TLSRPTv1' } });
    expect(dns.queries.length).toBe(before);
  });

  it('checks name servers directly and MX hosts (DNS)', async () => {
    const res = await get('/checks/dns/shop.test');
    const a = res.json().data.attributes;
    // DNSSEC and DANE scores come from those checkers when they are registered, null otherwise.
    const plugged = (flag: 'dnssec' | 'dane') => (checkers[flag] ? expect.any(Number) : null);
    expect(a).toMatchObject({
      domain: 'shop.test',
      base_domain: 'shop.test',
      dnssec_score: plugged('dnssec'),
      dane_score: plugged('dane'),
    });
    expect(a.ns).toMatchObject({ hostnames: ['ns1.shop.test', 'ns2.shop.test'], score: 100 });
    expect(a.mx.hosts).toEqual([
      { hostname: 'mx.shop.test', preference: 10, addresses: ['127.0.0.1'], cname: null },
    ]);
  });

  it('takes an internationalized domain and answers for its punycode form', async () => {
    const res = await get(`/checks/dns/${encodeURIComponent('bücher.test')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe('xn--bcher-kva.test');
    expect(res.json().data.attributes.mx.null_mx).toBe(true);
  });

  it('answers 400 with a clear message for something that is not a domain', async () => {
    for (const bad of ['not_a_domain', 'localhost', '192.0.2.1']) {
      const res = await get(`/checks/spf/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ domain: ['Enter a valid domain name.'] });
    }
  });

  it('runs check_host() for ?ip=&sender=&helo= beside the SPF analysis', async () => {
    const pass = (
      await get('/checks/spf/shop.test?ip=192.0.2.7&sender=a@shop.test&helo=mail.shop.test')
    ).json();
    expect(pass.data.attributes).toMatchObject({ record: 'v=spf1 ip4:192.0.2.0/24 -all', valid: true });
    expect(pass.data.attributes.check_host).toMatchObject({
      result: 'pass',
      mechanism: 'ip4:192.0.2.0/24',
      ip: '192.0.2.7',
    });
    const fail = (await get('/checks/spf/shop.test?ip=203.0.113.9')).json();
    expect(fail.data.attributes.check_host).toMatchObject({ result: 'fail', sender: 'postmaster@shop.test' });
    // RFC 7208 §4.3: check_host() answers "none" for a malformed or single-label name.
    const odd = await get('/checks/spf/localhost?ip=192.0.2.7');
    expect(odd.statusCode).toBe(200);
    expect(odd.json().data.attributes.check_host).toMatchObject({ result: 'none', domain: 'localhost' });
    const bad = await get('/checks/spf/shop.test?ip=999.1.1.1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ip: ['Enter a valid IPv4 or IPv6 address.'] });
  });

  it('runs the checks the domain form flags choose, including MTA-STS over HTTPS', async () => {
    const off = 'spf=false&dmarc=0&dnssec=off&dane=no&smtpServers=false&tls=false';
    const res = await get(`/checks/domain/shop.test?${off}`);
    expect(res.statusCode).toBe(200);
    const a = res.json().data.attributes;
    expect(Object.keys(a.checks).sort()).toEqual(['dns', 'mta_sts', 'tls_rpt']);
    expect(a.checks.mta_sts).toMatchObject({
      valid: true,
      policy: { info: { mode: 'enforce', max_age: 604800 } },
    });
    expect(a.score).toBe(
      Math.round((a.checks.dns.score + a.checks.mta_sts.score + a.checks.tls_rpt.score) / 3),
    );
  });

  it('documents every route in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/api/openapi.json')).json().paths);
    for (const kind of ['dns', 'spf', 'dmarc', 'mta-sts', 'tls-rpt', 'domain']) {
      expect(paths).toContain(`/checks/${kind}/{domain}`);
    }
  });

  it('limits requests per client IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++)
      statuses.push((await get('/checks/tls-rpt/shop.test', '198.51.100.77')).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
    const limited = await get('/checks/tls-rpt/shop.test', '198.51.100.77');
    expect(limited.json().detail).toMatch(/^Too many attempts/);
    expect((await get('/checks/tls-rpt/shop.test', '198.51.100.78')).statusCode).toBe(200);
  });
});

describe('CHECKS_PORT', () => {
  it('serves /checks on its own port and nothing else there', async () => {
    const port = await freePort();
    const app = await startTestApp({ env: { CHECKS_PORT: String(port), CHECKS_NS_PORT: String(dns.port) } });
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const ok = await fetch(`http://127.0.0.1:${port}/checks/tls-rpt/shop.test`);
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { data: { id: string } }).data.id).toBe('shop.test');
      const other = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
      expect(other.status).toBe(404);
    } finally {
      await app.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/checks/tls-rpt/shop.test`)).rejects.toThrow();
  });
});

async function freePort(): Promise<number> {
  const net = await import('node:net');
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}
