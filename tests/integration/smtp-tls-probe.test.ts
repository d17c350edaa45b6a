import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { createDnsResolver } from '../../server/checks/resolver';
import { checkSmtp } from '../../server/checks/smtp/check';
import { makeTestPki, type TestPki } from '../support/tls/certs';
import { startTestSmtpServer, type TestSmtpServer } from '../support/dnssec/smtpServer';

// SMTP servers / TLS check against real smtp-server instances on loopback, MX data from a loopback DNS server.

let pki: TestPki;
let dns: TestDnsServer;
let good: TestSmtpServer;
let plain: TestSmtpServer;
let selfSigned: TestSmtpServer;
let slow: TestSmtpServer;

const mxZone = (domain: string, host: string) => [
  { name: domain, type: 'MX', data: { preference: 10, exchange: host } },
  { name: host, type: 'A', data: '127.0.0.1' },
];

beforeAll(async () => {
  pki = makeTestPki(['mail.good.example', 'mail.plain.example']);
  good = await startTestSmtpServer({ key: pki.leafKeyPem, cert: pki.chainPem });
  plain = await startTestSmtpServer({ key: pki.leafKeyPem, cert: pki.chainPem, startTls: false });
  selfSigned = await startTestSmtpServer({ key: pki.selfSignedKeyPem, cert: pki.selfSignedPem });
  slow = await startTestSmtpServer({ key: pki.leafKeyPem, cert: pki.chainPem, greetingDelayMs: 3_000 });
  dns = await startDnsServer({
    records: [
      ...mxZone('good.example', 'mail.good.example'),
      ...mxZone('plain.example', 'mail.plain.example'),
      ...mxZone('self.example', 'mail.self.example'),
      ...mxZone('slow.example', 'mail.slow.example'),
      ...mxZone('closed.example', 'mail.closed.example'),
      { name: 'nomail.example', type: 'MX', data: { preference: 0, exchange: '.' } },
      { name: 'noaddr.example', type: 'MX', data: { preference: 5, exchange: 'gone.noaddr.example' } },
    ],
  });
});

afterAll(async () => {
  await Promise.all([good, plain, selfSigned, slow].map((s) => s?.close()));
  await dns?.close();
  pki?.cleanup();
});

const deps = (port: number, extra: { timeoutMs?: number } = {}) => ({
  resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], timeoutMs: 1000 }),
  port,
  timeoutMs: extra.timeoutMs ?? 5_000,
  ca: [pki.caPem],
  // The MX hosts of the zone are loopback SMTP servers.
  allowPrivateTargets: true,
});

describe('SMTP TLS check', () => {
  it('reports banner, STARTTLS, protocol, cipher, a trusted chain and the time of each step', async () => {
    const r = await checkSmtp('good.example', deps(good.port));
    const h = r.hosts[0];
    expect(h.host).toBe('mail.good.example');
    expect(h.address).toBe('127.0.0.1');
    expect(h.banner).toMatch(/msas test/);
    expect(h.startTls).toBe(true);
    expect(h.tls?.protocol).toBe('TLSv1.3');
    expect(h.tls?.cipher).toMatch(/^TLS_/);
    expect(h.tls?.trusted).toBe(true);
    expect(h.tls?.nameMatches).toBe(true);
    expect(h.tls?.expired).toBe(false);
    expect(h.tls?.chain.map((c) => c.subject)).toEqual(['CN=mail.good.example', 'CN=msas test CA']);
    expect(h.tls?.chain[0].daysLeft).toBeGreaterThanOrEqual(28);
    expect(h.steps.map((s) => s.step)).toEqual([
      'resolve',
      'connect',
      'banner',
      'ehlo',
      'starttls',
      'tls',
      'ehlo_tls',
      'quit',
    ]);
    expect(h.steps.every((s) => s.ok && s.ms >= 0)).toBe(true);
    expect(h.warnings).toEqual([]);
    expect(r.score).toBe(100);
  });

  it('flags a host that does not offer STARTTLS', async () => {
    const r = await checkSmtp('plain.example', deps(plain.port));
    expect(r.hosts[0].startTls).toBe(false);
    expect(r.hosts[0].tls).toBeNull();
    expect(r.warnings.map((w) => w.code)).toEqual(['starttls_missing']);
    expect(r.score).toBe(0);
  });

  it('describes an untrusted certificate for another name without rejecting it', async () => {
    const r = await checkSmtp('self.example', deps(selfSigned.port));
    const t = r.hosts[0].tls;
    expect(t?.trusted).toBe(false);
    expect(t?.trustError).toMatch(/SELF_SIGNED|self.signed/i);
    expect(t?.nameMatches).toBe(false);
    expect(t?.chain[0].selfSigned).toBe(true);
    expect(r.warnings.map((w) => w.code).sort()).toEqual(['cert_name_mismatch', 'cert_untrusted']);
    expect(r.score).toBe(60);
  });

  it('gives up on a silent server after the step timeout', async () => {
    const t0 = Date.now();
    const r = await checkSmtp('slow.example', deps(slow.port, { timeoutMs: 500 }));
    expect(Date.now() - t0).toBeLessThan(2_500);
    const banner = r.hosts[0].steps.find((s) => s.step === 'banner');
    expect(banner?.ok).toBe(false);
    expect(banner?.detail).toMatch(/no reply within 500 ms/);
    expect(r.warnings[0].code).toBe('banner_failed');
    expect(r.score).toBe(0);
  });

  it('reports a refused connection, a host without address and a null MX', async () => {
    const closed = await checkSmtp('closed.example', deps(1));
    expect(closed.warnings[0].code).toBe('connect_failed');
    const noaddr = await checkSmtp('noaddr.example', deps(good.port));
    expect(noaddr.hosts[0].address).toBeNull();
    expect(noaddr.warnings[0].code).toBe('host_unresolvable');
    const nomail = await checkSmtp('nomail.example', deps(good.port));
    expect(nomail.nullMx).toBe(true);
    expect(nomail.hosts).toEqual([]);
    expect(nomail.warnings.map((w) => w.code)).toEqual(['null_mx']);
  });
});
