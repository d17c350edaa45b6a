import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
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

beforeAll(async () => {
  dns = await startDnsServer(loadZone('routes'));
});
afterAll(() => dns.close());

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

  it('refuses a bad domain with a clear message', async () => {
    const res = await msas(['dns', 'not a domain']);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Enter a valid domain name.');
  });
});
