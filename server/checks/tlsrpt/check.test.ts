import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveZone } from '../../../tests/fixtures/checks/zones';
import type { TestDnsServer } from '../testing/dnsServer';
import type { CheckContext } from '../domain/context';
import { checkTlsRpt } from './check';

let server: TestDnsServer;
let ctx: CheckContext;
const codes = (list: { code: string }[]) => list.map((w) => w.code).sort();

beforeAll(async () => {
  const zone = await serveZone('tlsrpt');
  server = zone.server;
  ctx = { resolver: zone.resolver };
});
afterAll(() => server.close());

describe('checkTlsRpt', () => {
  it('reads v and the mailto: and https: destinations', async () => {
    const r = await checkTlsRpt('good.test', ctx);
    expect(r).toMatchObject({ valid: true, location: '_smtp._tls.good.test', score: 100, warnings: [] });
    expect(r.policy).toEqual({
      v: 'TLSRPTv1',
      rua: [
        { uri: 'mailto:tls@good.test', scheme: 'mailto', domain: 'good.test' },
        { uri: 'https://reports.good.test/tlsrpt', scheme: 'https', domain: null },
      ],
      extensions: {},
    });
  });

  it('ignores several records (RFC 8460 §3)', async () => {
    const r = await checkTlsRpt('multi.test', ctx);
    expect(r).toMatchObject({ valid: false, policy: null, score: 10 });
    expect(codes(r.warnings)).toEqual(['multiple_records']);
  });

  it('requires v=TLSRPTv1 first', async () => {
    const r = await checkTlsRpt('order.test', ctx);
    expect(r).toMatchObject({ valid: false, score: 0 });
    expect(r.warnings[0].message).toContain('does not start exactly');
  });

  it('drops URIs other than mailto: and https:, and warns about a destination without MX', async () => {
    const r = await checkTlsRpt('scheme.test', ctx);
    expect(r.valid).toBe(true);
    expect(r.policy?.rua.map((u) => u.uri)).toEqual(['mailto:tls@nomx.test']);
    expect(r.policy?.extensions).toEqual({ ext: '1' });
    expect(codes(r.warnings)).toEqual(['destination_no_mx', 'invalid_uri', 'unknown_field']);
    expect(r.score).toBe(100 - 20 - 15);
  });

  it('rejects a record without rua', async () => {
    const r = await checkTlsRpt('norua.test', ctx);
    expect(r).toMatchObject({ valid: false, score: 10, record: 'v=TLSRPTv1;' });
    expect(codes(r.warnings)).toEqual(['no_rua']);
  });

  it('reports no record when only other TXT records exist', async () => {
    const r = await checkTlsRpt('other.test', ctx);
    expect(r).toMatchObject({ valid: false, score: 0, record: null });
    expect(codes(r.warnings)).toEqual(['no_record']);
  });
});
