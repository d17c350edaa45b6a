import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import type { CheckContext } from '../../server/checks/domain/context';
import { createPolicyFetcher } from '../../server/checks/mtasts/fetchPolicy';
import { checkMtaSts } from '../../server/checks/mtasts/check';
import { createTestCa, type TestCa } from '../support/tls/certs';
import { loadZone } from '../fixtures/checks/zones';

// MTA-STS against a real HTTPS server on loopback with certificates from a test CA (openssl CLI).

const policies: Record<
  string,
  { status?: number; type?: string; body: string; headers?: Record<string, string> }
> = {
  'mta-sts.sts.test': { body: 'version: STSv1\nmode: enforce\nmx: mx1.sts.test\nmax_age: 604800\n' },
  'mta-sts.crlf.test': { body: 'version: STSv1\r\nmode: enforce\r\nmx: *.crlf.test\r\nmax_age: 1209600\r\n' },
  'mta-sts.wronghost.test': {
    body: 'version: STSv1\nmode: enforce\nmx: *.wronghost.test\nmax_age: 604800\n',
  },
  'mta-sts.redirect.test': {
    status: 301,
    body: '',
    headers: { location: 'https://elsewhere.test/mta-sts.txt' },
  },
  'mta-sts.html.test': {
    type: 'text/html',
    body: 'version: STSv1\nmode: enforce\nmx: a.html.test\nmax_age: 604800\n',
  },
  'mta-sts.big.test': {
    body: `version: STSv1\nmode: enforce\nmax_age: 604800\n${'mx: mx.big.test\n'.repeat(5000)}`,
  },
  'mta-sts.testing.test': {
    type: 'text/plain; charset=utf-8',
    body: 'version: STSv1\nmode: testing\nmx: *.testing.test\nmax_age: 86400\n',
  },
  'mta-sts.norecord.test': { body: 'version: STSv1\nmode: enforce\nmx: mx.norecord.test\nmax_age: 604800\n' },
};

let ca: TestCa;
let web: https.Server;
let dns: TestDnsServer;
let ctx: CheckContext;
const codes = (list: { code: string }[]) => list.map((w) => w.code).sort();

beforeAll(async () => {
  ca = createTestCa();
  const hosts = Object.keys(policies).filter((h) => h !== 'mta-sts.wronghost.test');
  const good = ca.issue('good', hosts);
  const wrong = ca.issue('wrong', ['other.test']);
  const tls = await import('node:tls');
  const goodCtx = tls.createSecureContext(good);
  const wrongCtx = tls.createSecureContext(wrong);
  web = https.createServer(
    { ...good, SNICallback: (name, cb) => cb(null, name === 'mta-sts.wronghost.test' ? wrongCtx : goodCtx) },
    (req, res) => {
      const p = policies[(req.headers.host ?? '').toLowerCase()];
      if (!p || req.url !== '/.well-known/mta-sts.txt') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(p.status ?? 200, { 'content-type': p.type ?? 'text/plain', ...p.headers });
      res.end(p.body);
    },
  );
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  dns = await startDnsServer(loadZone('mtasts'));
  ctx = {
    resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], timeoutMs: 400, tries: 1 }),
    fetchPolicy: createPolicyFetcher({
      port: (web.address() as AddressInfo).port,
      caFile: ca.caFile,
      timeoutMs: 2000,
    }),
    // The policy hosts of the zone are the loopback HTTPS server.
    allowPrivateTargets: true,
  };
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => web.close(resolve));
  await dns.close();
  ca.cleanup();
});

describe('checkMtaSts', () => {
  it('fetches the policy and finds the MX host it does not cover', async () => {
    const r = await checkMtaSts('sts.test', ctx);
    expect(r).toMatchObject({
      record: 'v=STSv1; id=20240101T000000;',
      id: '20240101T000000',
      location: '_mta-sts.sts.test',
      policy: {
        url: 'https://mta-sts.sts.test/.well-known/mta-sts.txt',
        info: { version: 'STSv1', mode: 'enforce', maxAge: 604800, mx: ['mx1.sts.test'] },
      },
      mxCoverage: [
        { host: 'mx1.sts.test', covered: true },
        { host: 'backup.other.test', covered: false },
      ],
    });
    expect(r.warnings).toEqual([
      expect.objectContaining({ code: 'mx_not_covered', severity: 'error', subject: 'backup.other.test' }),
    ]);
    expect(r.valid).toBe(false);
    expect(r.score).toBe(70);
    // The policy host's certificate expiry, for the alert on it: the test CA's leaves live one day.
    const left = Date.parse(r.policy.certificateExpires ?? '') - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(86_400_000 + 60_000);
  });

  it('accepts CRLF line endings and a one-label wildcard', async () => {
    const r = await checkMtaSts('crlf.test', ctx);
    expect(r).toMatchObject({
      valid: true,
      score: 100,
      warnings: [],
      mxCoverage: [{ host: 'mx.crlf.test', covered: true }],
    });
    expect(r.policy.data).toContain('\r\n');
  });

  it('refuses a certificate that is not valid for mta-sts.<domain>', async () => {
    const r = await checkMtaSts('wronghost.test', ctx);
    expect(codes(r.warnings)).toEqual(['policy_tls']);
    expect(r.warnings[0].message).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(r).toMatchObject({ valid: false, score: 10, policy: { data: null, info: null } });
  });

  it('does not follow redirects', async () => {
    const r = await checkMtaSts('redirect.test', ctx);
    expect(codes(r.warnings)).toEqual(['policy_redirect']);
    expect(r.warnings[0].message).toContain('HTTP 301');
  });

  it('requires Content-Type text/plain', async () => {
    const r = await checkMtaSts('html.test', ctx);
    expect(codes(r.warnings)).toEqual(['policy_content_type']);
  });

  it('stops reading after 64 KiB', async () => {
    const r = await checkMtaSts('big.test', ctx);
    expect(codes(r.warnings)).toEqual(['policy_too_large']);
  });

  it('warns about testing mode and an MX the one-label wildcard does not cover', async () => {
    const r = await checkMtaSts('testing.test', ctx);
    expect(codes(r.warnings)).toEqual(['mode_testing', 'mx_not_covered']);
    expect(r.warnings.find((w) => w.code === 'mx_not_covered')?.severity).toBe('warning');
    expect(r.score).toBe(100 - 25 - 30);
  });

  it('treats several v=STSv1 records as no policy', async () => {
    const r = await checkMtaSts('multi.test', ctx);
    expect(codes(r.warnings)).toEqual(['multiple_records', 'policy_host_unresolvable']);
    expect(r.score).toBe(0);
  });

  it('scores a policy senders never look for (no TXT record) low', async () => {
    const r = await checkMtaSts('norecord.test', ctx);
    expect(codes(r.warnings)).toContain('no_record');
    expect(r.policy.info?.mode).toBe('enforce');
    expect(r.score).toBe(20);
  });

  it('reports a policy host that does not resolve', async () => {
    const r = await checkMtaSts('nohost.test', ctx);
    expect(codes(r.warnings)).toEqual(['policy_host_unresolvable']);
    expect(r.score).toBe(10);
  });
});
