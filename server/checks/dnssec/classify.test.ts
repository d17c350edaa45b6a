import { describe, expect, it } from 'vitest';
import type { DnsAnswer, DnsRecordType, QueryOptions, Resolver } from '../dnsTypes';
import { classifyName, cutCandidates } from './classify';

// A scripted resolver: each (name, type, CD) answers as the test says; everything else is NOERROR, no data.
function scripted(table: Record<string, Partial<DnsAnswer>>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async query(name: string, type: DnsRecordType, opts: QueryOptions = {}) {
      const key = `${name} ${type}${opts.checkingDisabled ? ' cd' : ''}`;
      asked.push(key);
      return { rcode: 'NOERROR', answers: [], cnames: [], ad: false, aa: false, ede: [], ...table[key] };
    },
  };
}

const ds = {
  name: 'example.org',
  ttl: 60,
  type: 'DS' as const,
  keyTag: 1,
  algorithm: 13,
  digestType: 2,
  digest: 'ab',
};

describe('classifyName', () => {
  it('is secure when the resolver sets AD', async () => {
    const r = await classifyName(scripted({ 'example.org SOA': { ad: true } }), 'example.org', 'SOA');
    expect(r.status).toBe('secure');
  });

  it('is bogus when SERVFAIL disappears with CD=1, and keeps the EDE', async () => {
    const resolver = scripted({
      'example.org SOA': { rcode: 'SERVFAIL', ede: [{ code: 7, text: 'expired' }] },
      'example.org SOA cd': { rcode: 'NOERROR' },
    });
    const r = await classifyName(resolver, 'example.org', 'SOA');
    expect(r.status).toBe('bogus');
    expect(r.ede).toEqual([{ code: 7, text: 'expired', meaning: 'Signature Expired' }]);
  });

  it('is indeterminate when SERVFAIL stays with CD=1, or on a timeout', async () => {
    const both = scripted({
      'example.org SOA': { rcode: 'SERVFAIL' },
      'example.org SOA cd': { rcode: 'SERVFAIL' },
    });
    expect((await classifyName(both, 'example.org', 'SOA')).status).toBe('indeterminate');
    const timeout = scripted({ 'example.org SOA': { rcode: 'SERVFAIL', timedOut: true } });
    expect((await classifyName(timeout, 'example.org', 'SOA')).status).toBe('indeterminate');
    expect(timeout.asked).not.toContain('example.org SOA cd');
  });

  it('is insecure without AD and without any DS on the way down', async () => {
    const r = await classifyName(scripted({}), 'mail.example.org', 'A');
    expect(r).toMatchObject({ status: 'insecure', hasDs: false });
  });

  it('is indeterminate without AD when a DS exists (the resolver did not validate)', async () => {
    const r = await classifyName(
      scripted({ 'example.org DS cd': { answers: [ds] } }),
      'mail.example.org',
      'A',
    );
    expect(r).toMatchObject({ status: 'indeterminate', hasDs: true });
  });
});

describe('cutCandidates', () => {
  it('lists the name and its ancestors down to, not including, the TLD', () => {
    expect(cutCandidates('Mail.Example.org.')).toEqual(['mail.example.org', 'example.org']);
    expect(cutCandidates('org')).toEqual([]);
  });
});
