import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { checkCommand } from '../../server/cli/check';
import { loadZone } from '../fixtures/checks/zones';
import { msasBin } from '../support/build';

// `msas check` as a user runs it, with DNS_SERVERS pointing at a loopback DNS server.

const root = process.cwd();
let dns: TestDnsServer;

function msas(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [msasBin, 'check', ...args], {
      cwd: root,
      env: {
        ...process.env,
        DNS_SERVERS: `127.0.0.1:${dns.port}`,
        CHECKS_NS_PORT: String(dns.port),
        CHECKS_ALLOW_PRIVATE_TARGETS: 'true',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const saved = { ...process.env };
beforeAll(async () => {
  dns = await startDnsServer({ ...loadZone('routes'), rules: [{ name: 'broken.test', action: 'servfail' }] });
  // The same settings for the checks run in this process (checkCommand) as for the spawned ones.
  Object.assign(process.env, {
    DNS_SERVERS: `127.0.0.1:${dns.port}`,
    CHECKS_NS_PORT: String(dns.port),
    CHECKS_ALLOW_PRIVATE_TARGETS: 'true',
  });
});
afterAll(async () => {
  for (const k of ['DNS_SERVERS', 'CHECKS_NS_PORT', 'CHECKS_ALLOW_PRIVATE_TARGETS'])
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  await dns.close();
});

// Each test starts `msas` processes: give them room on a loaded machine.
describe('msas check', { timeout: 90_000 }, () => {
  it('prints the check_host() result word and explanation for spf --ip', async () => {
    const pass = await msas([
      'spf',
      'shop.test',
      '--ip',
      '192.0.2.7',
      '--sender',
      'a@shop.test',
      '--helo',
      'mx.shop.test',
    ]);
    expect(pass.status).toBe(0);
    expect(pass.stdout.split('\n')[0]).toBe('pass');
    const fail = await msas(['spf', 'shop.test', '--ip', '203.0.113.5']);
    const lines = fail.stdout.split('\n');
    expect(lines[0]).toBe('fail');
    expect(lines[1]).not.toBe('');
    expect(fail.stdout).toContain('spf shop.test: score 100, valid');
  });

  it('prints the same document as the route with --json', async () => {
    const res = await msas(['dmarc', 'shop.test', '--json']);
    expect(res.status).toBe(0);
    const doc = JSON.parse(res.stdout);
    expect(doc.data).toMatchObject({
      type: 'dmarc-check',
      id: 'shop.test',
      attributes: { location: 'shop.test', valid: true },
    });
    expect(doc.data.attributes.tags.p).toMatchObject({ value: 'quarantine', explicit: true });
  });

  it('summarises every check of a domain', async () => {
    const res = await msas(['domain', 'shop.test']);
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^shop\.test: score \d+/);
    for (const name of ['dns', 'spf', 'dmarc', 'tlsRpt', 'mtaSts'])
      expect(res.stdout).toContain(`\n${name}: `);
  });

  it('refuses a bad domain in one line naming it, without a stack trace', async () => {
    const res = await msas(['dns', 'not a domain']);
    expect(res).toMatchObject({
      status: 1,
      stderr: 'msas: domain "not a domain": Enter a valid domain name.\n',
    });
  });

  it('answers what check_host() answers for odd names: none when malformed, temperror on a DNS error', async () => {
    const run = async (args: string[]) => {
      const lines: string[] = [];
      const status = await checkCommand(args, (l) => lines.push(l));
      return { status, lines };
    };
    const malformed = await run(['spf', 'a..shop.test', '--ip', '192.0.2.7']);
    expect(malformed.status).toBe(0);
    expect(malformed.lines.slice(0, 2)).toEqual([
      'none',
      '"a..shop.test" is not a valid domain: empty label',
    ]);
    const single = await run(['spf', 'localhost', '--ip', '192.0.2.7', '--json']);
    expect(JSON.parse(single.lines[0]!).data.attributes.check_host).toMatchObject({ result: 'none' });
    expect((await run(['spf', 'broken.test', '--ip', '192.0.2.7'])).lines[0]).toBe('temperror');
    expect((await run(['tls-rpt', '_smtp._tls.shop.test'])).lines[0]).toMatch(
      /^tls-rpt _smtp\._tls\.shop\.test: score/,
    );
    await expect(run(['spf', 'shop.test', '--ip', '1.2.3'])).rejects.toThrow(
      '--ip: "1.2.3" is not an IP address',
    );
    await expect(run(['dnssex', 'shop.test'])).rejects.toThrow('check: "dnssex" is not a check');
    await expect(run(['spf', 'localhost'])).rejects.toThrow('domain "localhost": Enter a valid domain name.');
  });
});
