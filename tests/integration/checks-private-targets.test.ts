import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../../server/config';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import type { ZoneRecord } from '../../server/checks/testing/dnsZone';
import { checkContextFrom, runCheck } from '../../server/modules/checks/service';
import { startTestApp, type TestApp } from './support/app';

// Server-side request forgery through the public checks: a domain anyone can ask about points its name
// servers, MX host and mta-sts host at the server's own loopback, where listeners count connections. With
// the guard on (the default), every /checks answer says the address was refused and no listener is ever
// contacted; with CHECKS_ALLOW_PRIVATE_TARGETS the same configuration reaches all three.

type Counter = { port: number; connections: () => number; close: () => Promise<void> };

/**
 * A TCP listener on loopback that counts connections. As `smtp` it answers like a mail server without
 * STARTTLS (banner, EHLO, QUIT); otherwise it hangs up at once (the HTTPS fetch fails fast).
 */
async function countingListener(kind: 'smtp' | 'hangup'): Promise<Counter> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (kind === 'hangup') return void socket.destroy();
    socket.write('220 internal.example ESMTP secret-banner\r\n');
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
        if (/^EHLO/i.test(line)) socket.write('250-internal.example\r\n250 SIZE 1000\r\n');
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('502 no\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const loopbackZone = (d: string): ZoneRecord[] => [
  { name: d, type: 'NS', data: `ns1.${d}` },
  { name: d, type: 'NS', data: `ns2.${d}` },
  { name: d, type: 'SOA', data: { mname: `ns1.${d}`, rname: `hostmaster.${d}`, serial: 7 } },
  { name: `ns1.${d}`, type: 'A', data: '127.0.0.1' },
  { name: `ns2.${d}`, type: 'A', data: '127.0.0.1' },
  { name: d, type: 'MX', data: { preference: 10, exchange: `mx.${d}` } },
  { name: `mx.${d}`, type: 'A', data: '127.0.0.1' },
  { name: `_mta-sts.${d}`, type: 'TXT', data: 'v=STSv1; id=1;' },
  { name: `mta-sts.${d}`, type: 'A', data: '127.0.0.1' },
];

// Other non-public targets: cloud metadata, IPv6 loopback, an IPv4-mapped private address, RFC 1918.
const mixedZone: ZoneRecord[] = [
  { name: 'cloud.test', type: 'NS', data: 'ns.cloud.test' },
  { name: 'ns.cloud.test', type: 'A', data: '10.0.0.53' },
  { name: 'cloud.test', type: 'MX', data: { preference: 10, exchange: 'mx.cloud.test' } },
  { name: 'mx.cloud.test', type: 'A', data: '169.254.169.254' },
  { name: 'cloud.test', type: 'MX', data: { preference: 20, exchange: 'mx6.cloud.test' } },
  { name: 'mx6.cloud.test', type: 'AAAA', data: '::1' },
  { name: '_mta-sts.cloud.test', type: 'TXT', data: 'v=STSv1; id=1;' },
  { name: 'mta-sts.cloud.test', type: 'AAAA', data: '::ffff:192.168.1.1' },
];

const refusal = (host: string, address: string, range: string) => ({
  code: 'private_address',
  severity: 'error',
  message: `${host} resolves to ${address}, which is not a public address (${range}); not connected.`,
  subject: host,
  params: { host, address, range },
});
const loopback = (host: string) => refusal(host, '127.0.0.1', '127.0.0.0/8');

let dns: TestDnsServer;
/** Where direct name-server queries go (CHECKS_NS_PORT): a second DNS server that logs every question. */
let nsListener: TestDnsServer;
let smtp: Counter;
let https: Counter;
let t: TestApp;
let env: Record<string, string>;
const savedDnsServers = process.env.DNS_SERVERS;

beforeAll(async () => {
  dns = await startDnsServer({ records: [...loopbackZone('evil.test'), ...mixedZone] });
  nsListener = await startDnsServer({ records: loopbackZone('evil.test') });
  smtp = await countingListener('smtp');
  https = await countingListener('hangup');
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`;
  env = {
    CHECKS_NS_PORT: String(nsListener.port),
    SMTP_CHECK_PORT: String(smtp.port),
    MTA_STS_PORT: String(https.port),
  };
  t = await startTestApp({ env });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([dns?.close(), nsListener?.close(), smtp?.close(), https?.close()]);
  if (savedDnsServers === undefined) delete process.env.DNS_SERVERS;
  else process.env.DNS_SERVERS = savedDnsServers;
});

const check = async (path: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/checks/${path}`, remoteAddress: '198.51.100.9' });
  expect(res.statusCode).toBe(200);
  return res.json().data.attributes;
};

const untouched = () => {
  expect(smtp.connections()).toBe(0);
  expect(https.connections()).toBe(0);
  expect(nsListener.queries).toEqual([]);
};

describe('the public checks, guard on (the default)', () => {
  it('/checks/smtp names the refused MX address and opens no SMTP connection', async () => {
    const a = await check('smtp/evil.test');
    expect(a.warnings).toEqual([loopback('mx.evil.test')]);
    expect(a.hosts).toHaveLength(1);
    expect(a.hosts[0]).toMatchObject({ host: 'mx.evil.test', address: '127.0.0.1', banner: null, tls: null });
    expect(a.hosts[0].steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok])).toEqual([
      ['resolve', true],
      ['connect', false],
    ]);
    expect(JSON.stringify(a)).not.toContain('secret-banner');
    untouched();
  });

  it('/checks/mta-sts refuses the policy host and fetches nothing', async () => {
    const a = await check('mta-sts/evil.test');
    expect(a.warnings).toContainEqual(loopback('mta-sts.evil.test'));
    expect(a.policy.data).toBeNull();
    untouched();
  });

  it('/checks/dns asks no name server on a private address', async () => {
    const a = await check('dns/evil.test');
    expect(a.ns.warnings).toEqual(
      expect.arrayContaining([loopback('ns1.evil.test'), loopback('ns2.evil.test')]),
    );
    expect(a.ns.servers.flatMap((s: { answers: unknown[] }) => s.answers)).toEqual([
      { address: '127.0.0.1', status: 'not_connected', serial: null },
      { address: '127.0.0.1', status: 'not_connected', serial: null },
    ]);
    untouched();
  });

  it('/checks/domain and /checks/dane report the refusal in every connecting check', async () => {
    const a = await check('domain/evil.test');
    expect(a.checks.smtp.warnings).toEqual([loopback('mx.evil.test')]);
    expect(a.checks.tls.warnings).toEqual([loopback('mx.evil.test')]);
    expect(a.checks.mta_sts.warnings).toContainEqual(loopback('mta-sts.evil.test'));
    expect(a.checks.dns.ns.warnings).toContainEqual(loopback('ns1.evil.test'));
    expect(a.checks.dane.hosts[0].warnings).toContainEqual(loopback('mx.evil.test'));
    const dane = await check('dane/evil.test');
    expect(dane.hosts[0].warnings).toContainEqual(loopback('mx.evil.test'));
    untouched();
  });

  it('refuses link-local, IPv6 loopback, IPv4-mapped and RFC 1918 targets alike', async () => {
    const smtpCheck = await check('smtp/cloud.test');
    expect(smtpCheck.warnings).toEqual([
      refusal('mx.cloud.test', '169.254.169.254', '169.254.0.0/16'),
      refusal('mx6.cloud.test', '::1', '::1/128'),
    ]);
    const sts = await check('mta-sts/cloud.test');
    // The resolver writes the AAAA answer in hexadecimal.
    const mapped = refusal('mta-sts.cloud.test', '::ffff:c0a8:101', '192.168.0.0/16');
    expect(sts.warnings).toContainEqual(mapped);
    const dnsCheck = await check('dns/cloud.test');
    expect(dnsCheck.ns.warnings).toContainEqual(refusal('ns.cloud.test', '10.0.0.53', '10.0.0.0/8'));
    untouched();
  });
});

describe('CHECKS_ALLOW_PRIVATE_TARGETS=true', () => {
  it('lets the same checks reach the same loopback listeners', async () => {
    const settings = parseSettings({ ...env, CHECKS_ALLOW_PRIVATE_TARGETS: 'true' });
    const ctx = checkContextFrom(settings);
    const r = (await runCheck('domain', 'evil.test', ctx, {})) as {
      checks: { smtp: { hosts: { banner: string | null }[] } };
    };
    expect(r.checks.smtp.hosts[0].banner).toBe('internal.example ESMTP secret-banner');
    expect(smtp.connections()).toBeGreaterThan(0);
    expect(https.connections()).toBeGreaterThan(0);
    expect(nsListener.queries.some((q) => q.type === 'SOA')).toBe(true);
  });
});
