import { describe, expect, it } from 'vitest';
import type { DnsAnswer, DnsRecordType, Resolver } from '../dnsTypes';
import { mailHostTarget } from './mxHosts';

// A resolver with fixed A and AAAA answers that records the questions asked.
function fixedResolver(a: string[], aaaa: string[]): Resolver & { asked: DnsRecordType[] } {
  const r = {
    asked: [] as DnsRecordType[],
    async query(name: string, type: DnsRecordType): Promise<DnsAnswer> {
      r.asked.push(type);
      const list = type === 'A' ? a : type === 'AAAA' ? aaaa : [];
      const answers = list.map((address) => ({ name, ttl: 60, type: type as 'A', address }));
      return { rcode: 'NOERROR', answers, cnames: [], ad: false, aa: false, ede: [] };
    },
  };
  return r;
}

describe('mailHostTarget', () => {
  it('takes a public IPv4 address without asking for AAAA', async () => {
    const resolver = fixedResolver(['10.0.0.1', '192.0.2.1', '8.8.4.4'], ['2001:4860::1']);
    expect(await mailHostTarget(resolver, 'mx.example.com')).toEqual({ address: '8.8.4.4', refusal: null });
    expect(resolver.asked).toEqual(['A']);
  });

  it('falls back to a public IPv6 address when every IPv4 address is private', async () => {
    const resolver = fixedResolver(['127.0.0.1'], ['fd00::1', '2001:4860::1']);
    expect(await mailHostTarget(resolver, 'mx.example.com')).toEqual({
      address: '2001:4860::1',
      refusal: null,
    });
  });

  it('refuses the first address when none is public, and vets an address literal', async () => {
    const resolver = fixedResolver(['127.0.0.1'], ['::1']);
    const choice = await mailHostTarget(resolver, 'mx.example.com');
    expect(choice).toMatchObject({ address: '127.0.0.1', refusal: { code: 'private_address' } });
    expect(await mailHostTarget(resolver, '10.1.1.1')).toMatchObject({
      refusal: { code: 'private_address' },
    });
    expect(await mailHostTarget(resolver, 'mx.example.com', true)).toEqual({
      address: '127.0.0.1',
      refusal: null,
    });
  });
});
