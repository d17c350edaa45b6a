import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveZone } from '../../../tests/fixtures/checks/zones';
import type { TestDnsServer } from '../testing/dnsServer';
import type { CheckContext } from '../domain/context';
import { checkDmarc } from './check';

let server: TestDnsServer;
let ctx: CheckContext;

const codes = (list: { code: string }[]) => list.map((w) => w.code).sort();

beforeAll(async () => {
  const zone = await serveZone('dmarc');
  server = zone.server;
  ctx = { resolver: zone.resolver };
});
afterAll(() => server.close());

describe('checkDmarc', () => {
  it('reads every tag with value, explicit flag, name, default and description', async () => {
    const r = await checkDmarc('good.test', ctx);
    expect(r).toMatchObject({
      record: expect.stringContaining('p=reject'),
      location: 'good.test',
      policy: 'reject',
      valid: true,
    });
    expect(Object.keys(r.tags ?? {})).toEqual([
      'v',
      'p',
      'sp',
      'np',
      'adkim',
      'aspf',
      'fo',
      'rua',
      'ruf',
      'pct',
      'rf',
      'ri',
      't',
      'psd',
    ]);
    expect(r.tags?.p).toMatchObject({
      value: 'reject',
      explicit: true,
      name: 'Requested mail receiver policy',
      default: 'none',
    });
    expect(r.tags?.p.description).toContain('Reject failing mail');
    expect(r.tags?.sp).toMatchObject({ value: 'reject', explicit: false, default: 'reject' });
    expect(r.tags?.np).toMatchObject({ value: 'reject', explicit: false });
    expect(r.tags?.adkim).toMatchObject({ value: 'r', explicit: false, default: 'r' });
    expect(r.tags?.t).toMatchObject({ value: 'n', default: 'n' });
    expect(r.tags?.psd).toMatchObject({ value: 'u', default: 'u' });
    expect(r.tags?.pct).toMatchObject({ value: '100', explicit: false });
    // The external ruf destination publishes its authorization record; only the dropped size limit is noted.
    expect(r.reportDestinations).toEqual([
      expect.objectContaining({
        tag: 'rua',
        domain: 'good.test',
        external: false,
        authorized: null,
        hasMx: true,
      }),
      expect.objectContaining({
        tag: 'ruf',
        domain: 'reports.example',
        external: true,
        authorized: true,
        sizeLimit: '10m',
      }),
    ]);
    expect(codes(r.warnings)).toEqual(['size_limit']);
    expect(r.score).toBe(100);
  });

  it('applies no policy when the domain has several DMARC records', async () => {
    const r = await checkDmarc('multi.test', ctx);
    expect(r).toMatchObject({ record: null, policy: null, valid: false, score: 0, location: 'multi.test' });
    expect(codes(r.warnings)).toEqual(['multiple_records']);
  });

  it('warns about p=none, weak sp, removed tags, unknown tags, bad and duplicate values, testing', async () => {
    const r = await checkDmarc('weak.test', ctx);
    expect(codes(r.warnings)).toEqual([
      'bad_value',
      'duplicate_tag',
      'no_rua',
      'other_txt',
      'pct_partial',
      'policy_none',
      'removed_tag',
      'removed_tag',
      'removed_tag',
      'testing',
      'unknown_tag',
    ]);
    expect(r.tags?.adkim).toMatchObject({ value: 'r', explicit: false });
    expect(r.tags?.pct).toMatchObject({ value: '50', explicit: true });
    expect(r.valid).toBe(true);
    // 40 + 15 + 15 + 10 + 10 + 5 + 5 + 5 of penalties: clamped at 0.
    expect(r.score).toBe(0);
  });

  it('treats a record without p but with rua as p=none', async () => {
    const r = await checkDmarc('norua.test', ctx);
    expect(r.policy).toBe('none');
    expect(codes(r.warnings)).toEqual(['p_missing_with_rua', 'policy_none']);
  });

  it('ignores a record with neither p nor rua', async () => {
    const r = await checkDmarc('nop.test', ctx);
    expect(r).toMatchObject({ valid: false, policy: null, score: 10 });
    expect(codes(r.warnings)).toEqual(['p_missing']);
  });

  it('discards a record that does not start with v=DMARC1', async () => {
    const r = await checkDmarc('notfirst.test', ctx);
    expect(codes(r.warnings)).toEqual(['no_record']);
  });

  it('checks external destinations for the _report._dmarc authorization and for MX', async () => {
    const r = await checkDmarc('ext.test', ctx);
    const dest = Object.fromEntries(r.reportDestinations.map((d) => [d.uri, d]));
    expect(dest['mailto:a@unauth.example']).toMatchObject({ external: true, authorized: false, hasMx: true });
    expect(dest['mailto:b@nomx.example']).toMatchObject({ external: true, authorized: true, hasMx: false });
    expect(dest['https://collector.example/dmarc']).toMatchObject({ scheme: 'https', domain: null });
    expect(codes(r.warnings)).toEqual([
      'destination_no_mx',
      'external_unauthorized',
      'invalid_uri',
      'policy_quarantine',
      'subdomain_policy_weaker',
      'uri_scheme',
    ]);
    const unauth = r.warnings.find((w) => w.code === 'external_unauthorized');
    expect(unauth?.message).toContain('ext.test._report._dmarc.unauth.example');
    // Queries for the authorization record name the policy domain under the destination.
    expect(
      server.queries.some((q) => q.name === 'ext.test._report._dmarc.unauth.example' && q.type === 'TXT'),
    ).toBe(true);
  });

  it('falls back to the organizational domain and applies its sp', async () => {
    const r = await checkDmarc('mail.org.test', ctx);
    expect(r).toMatchObject({ location: 'org.test', orgDomain: 'org.test', policy: 'quarantine' });
    expect(codes(r.warnings)).toEqual(['inherited', 'subdomain_policy_weaker']);
    expect(r.walk.map((s) => s.name)).toEqual(['mail.org.test', 'org.test']);
  });

  it('walks the DNS tree (RFC 9989 §4.10) to a parent below the organizational domain', async () => {
    const r = await checkDmarc('a.b.mid.walk.test', ctx);
    expect(r.location).toBe('mid.walk.test');
    expect(r.walk.map((s) => s.name)).toEqual(['a.b.mid.walk.test', 'b.mid.walk.test', 'mid.walk.test']);
    expect(codes(r.warnings)).toEqual(['inherited', 'rfc7489_differs']);
  });

  it('skips a parent name with several records and keeps walking', async () => {
    const r = await checkDmarc('a.b.two.test', ctx);
    expect(r.location).toBe('two.test');
    expect(codes(r.warnings)).toEqual(['inherited', 'parent_multiple_records']);
  });

  it('reports a DNS failure as an error without a policy', async () => {
    const r = await checkDmarc('slow.test', ctx);
    expect(r).toMatchObject({ valid: false, score: 0, record: null });
    expect(codes(r.warnings)).toEqual(['dns_error']);
  });

  it('reports a missing record', async () => {
    const r = await checkDmarc('nothing.test', ctx);
    expect(r.walk.map((s) => s.name)).toEqual(['nothing.test', 'test']);
    expect(codes(r.warnings)).toEqual(['no_record']);
  });
});
