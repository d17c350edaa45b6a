import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../resolver';
import { startDnsServer, type TestDnsServer } from '../testing/dnsServer';
import type { CheckContext } from '../domain/context';
import { checkDkim } from './check';

// DKIM keys of every kind served from a loopback DNS zone, keys generated for the test.
const rsa = (bits: number, type: 'spki' | 'pkcs1' = 'spki') =>
  generateKeyPairSync('rsa', { modulusLength: bits })
    .publicKey.export({ format: 'der', type })
    .toString('base64');
// RFC 8463 §4.2: the raw 32-octet key, i.e. the SPKI without its 12-octet header.
const ed25519 = () =>
  generateKeyPairSync('ed25519')
    .publicKey.export({ format: 'der', type: 'spki' })
    .subarray(12)
    .toString('base64');

const key = (selector: string, domain: string, text: string) => ({
  name: `${selector}._domainkey.${domain}`,
  type: 'TXT',
  data: text,
});

let server: TestDnsServer;
let ctx: CheckContext;

beforeAll(async () => {
  const d = 'keys.test';
  server = await startDnsServer({
    records: [
      key('weak', d, `v=DKIM1; k=rsa; p=${rsa(512)}`),
      key('mid', d, `v=DKIM1; k=rsa; p=${rsa(1024)}`),
      key('strong', d, `v=DKIM1; p=${rsa(2048)}`),
      key('pkcs', d, `p=${rsa(2048, 'pkcs1')}`),
      key('ed', d, `v=DKIM1; k=ed25519; p=${ed25519()}`),
      key('test', d, `v=DKIM1; t=y:s; p=${rsa(2048)}`),
      key('gone', d, 'v=DKIM1; k=rsa; p='),
      key('junk', d, 'v=DKIM1; p=bm90IGEga2V5'),
      key('order', d, `k=rsa; v=DKIM1; p=${rsa(2048)}`),
      key('sha1', d, `v=DKIM1; h=sha1; p=${rsa(2048)}`),
      key('selector1', d, `v=DKIM1; p=${rsa(2048)}`),
      key('selector1', 'probe.test', `v=DKIM1; p=${rsa(2048)}`),
    ],
    rules: [{ name: 'slow._domainkey.keys.test', action: 'servfail' }],
  });
  ctx = { resolver: createDnsResolver({ servers: [server], timeoutMs: 300, tries: 1 }) };
}, 60_000);
afterAll(() => server.close());

const one = async (selector: string) => {
  const r = await checkDkim('keys.test', [selector], ctx);
  const s = r.selectors.find((x) => x.selector === selector);
  if (!s) throw new Error(`no result for ${selector}`);
  return { r, s, codes: s.warnings.map((w) => w.code) };
};

describe('checkDkim', () => {
  it('rejects a 512-bit RSA key as weak (RFC 8301 §3.2)', async () => {
    const { s, codes } = await one('weak');
    expect(s).toMatchObject({ found: true, source: 'both', keyType: 'rsa', keyBits: 512 });
    expect(codes).toEqual(['dkim_rsa_weak']);
    expect(s.warnings[0]).toMatchObject({ severity: 'error', params: { selector: 'weak', bits: 512 } });
  });

  it('warns about a 1024-bit RSA key and accepts 2048 bits, SPKI or PKCS#1', async () => {
    expect(await one('mid')).toMatchObject({ s: { keyBits: 1024 }, codes: ['dkim_rsa_short'] });
    expect(await one('strong')).toMatchObject({ s: { keyType: 'rsa', keyBits: 2048 }, codes: [] });
    expect(await one('pkcs')).toMatchObject({ s: { keyType: 'rsa', keyBits: 2048 }, codes: [] });
  });

  it('reads an Ed25519 key (RFC 8463)', async () => {
    expect(await one('ed')).toMatchObject({ s: { keyType: 'ed25519', keyBits: 256 }, codes: [] });
  });

  it('flags testing mode t=y', async () => {
    const { s, codes } = await one('test');
    expect(s).toMatchObject({ testing: true, keyBits: 2048 });
    expect(codes).toEqual(['dkim_testing']);
  });

  it('reports an empty p= as revoked', async () => {
    const { s, codes } = await one('gone');
    expect(s).toMatchObject({ revoked: true, found: true, keyType: null, keyBits: null });
    expect(codes).toEqual(['dkim_key_revoked']);
  });

  it('flags a key that is not a key, v= not first and sha1-only hashes', async () => {
    expect((await one('junk')).codes).toEqual(['dkim_key_invalid']);
    expect((await one('order')).codes).toEqual(['dkim_bad_version']);
    expect((await one('sha1')).codes).toEqual(['dkim_sha1_only']);
  });

  it('reports a selector seen in reports without a record, and a failed lookup', async () => {
    const missing = await one('nothere');
    expect(missing.s).toMatchObject({ found: false, source: 'reports', record: null });
    expect(missing.codes).toEqual(['dkim_key_missing']);
    expect((await one('slow')).codes).toEqual(['dkim_lookup_failed']);
  });

  it('finds common selectors by probing and omits probes without a record', async () => {
    const r = await checkDkim('probe.test', [], ctx);
    expect(r.selectors.map((s) => [s.selector, s.source, s.keyBits])).toEqual([['selector1', 'dns', 2048]]);
    expect(r.score).toBe(100);
  });

  it('warns when no key is found at all and scores it', async () => {
    const r = await checkDkim('nokeys.test', [], ctx);
    expect(r.selectors).toEqual([]);
    expect(r.warnings.map((w) => w.code)).toEqual(['dkim_no_keys']);
    expect(r.score).toBe(40);
  });

  it('orders warnings most serious first across selectors', async () => {
    const r = await checkDkim('keys.test', ['mid', 'weak'], ctx);
    expect(r.warnings.map((w) => w.severity)).toEqual(['error', 'warning']);
    expect(r.score).toBe(35);
  });
});
