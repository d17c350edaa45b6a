import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, opensslTlsaData, type TestPki } from '../../../tests/support/tls/certs';
import { associationData, matchTlsa, selectedBytes } from './tlsa';

let pki: TestPki;
let chain: Buffer[];
beforeAll(() => {
  pki = makeTestPki(['mx.example.test']);
  chain = [pki.leafPem, pki.caPem].map((pem) => new X509Certificate(pem).raw);
});
afterAll(() => pki?.cleanup());

describe('TLSA association data', () => {
  it.each([
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 0],
    [1, 1],
    [1, 2],
  ] as const)('selector %i, matching type %i agrees with the openssl CLI', (selector, matching) => {
    expect(associationData(selectedBytes(chain[0], selector), matching)).toBe(
      opensslTlsaData(pki.leafPem, selector, matching),
    );
  });
});

describe('matchTlsa', () => {
  const ee = () => opensslTlsaData(pki.leafPem, 1, 1);
  const ta = () => opensslTlsaData(pki.caPem, 1, 1);

  it('matches DANE-EE against the leaf only', () => {
    expect(matchTlsa({ usage: 3, selector: 1, matchingType: 1, data: ee() }, chain, false)).toEqual({
      usable: true,
      matches: true,
      matchedDepth: 0,
    });
    expect(matchTlsa({ usage: 3, selector: 1, matchingType: 1, data: ta() }, chain, true)).toMatchObject({
      matches: false,
    });
  });

  it('matches DANE-TA against an issuer, and only with a name match and a verifying chain', () => {
    const record = { usage: 2, selector: 1, matchingType: 1, data: ta() };
    expect(matchTlsa(record, chain, true)).toEqual({ usable: true, matches: true, matchedDepth: 1 });
    expect(matchTlsa(record, chain, false)).toMatchObject({ matches: false });
    const other = makeTestPki(['x.test']);
    try {
      const forged = [chain[0], new X509Certificate(other.caPem).raw];
      const otherTa = { ...record, data: opensslTlsaData(other.caPem, 1, 1) };
      expect(matchTlsa(otherTa, forged, true)).toMatchObject({ matches: false });
    } finally {
      other.cleanup();
    }
  });

  it('refuses PKIX usages and unknown parameters (RFC 7672 §3.1.3)', () => {
    expect(matchTlsa({ usage: 1, selector: 1, matchingType: 1, data: ee() }, chain, true)).toEqual({
      usable: false,
      reason: 'pkix_usage',
    });
    expect(matchTlsa({ usage: 3, selector: 2, matchingType: 1, data: ee() }, chain, true)).toMatchObject({
      reason: 'unknown_selector',
    });
    expect(matchTlsa({ usage: 3, selector: 1, matchingType: 9, data: ee() }, chain, true)).toMatchObject({
      reason: 'unknown_matching_type',
    });
  });

  it('compares hex case-insensitively', () => {
    expect(
      matchTlsa({ usage: 3, selector: 1, matchingType: 1, data: ee().toUpperCase() }, chain, false),
    ).toMatchObject({
      matches: true,
    });
  });
});
