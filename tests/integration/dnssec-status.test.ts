import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDnssec } from '../../server/checks/dnssec/check';
import { createDnsResolver } from '../../server/checks/resolver';
import { parseDnsServers } from '../../server/checks/dnsServers';
import { startDnssecLab, type DnssecLab } from '../support/dnssec/lab';

// DNSSEC status from a real validating resolver: PowerDNS signs test., secure.test and bogus.test (whose DS in
// test. is wrong); insecure.test is delegated without DS. Unbound validates with test. as trust anchor.

let lab: DnssecLab;

beforeAll(async () => {
  lab = await startDnssecLab();
  await lab.addRecords('secure.test', [
    {
      name: 'secure.test',
      type: 'MX',
      content: ['10 mail.secure.test.', '20 mx.insecure.test.', '30 mx.bogus.test.'],
    },
    { name: 'mail.secure.test', type: 'A', content: ['127.0.0.1'] },
    { name: 'onlysecure.secure.test', type: 'MX', content: ['10 mail.secure.test.'] },
  ]);
  await lab.addRecords('insecure.test', [
    { name: 'insecure.test', type: 'MX', content: ['10 mx.insecure.test.'] },
    { name: 'mx.insecure.test', type: 'A', content: ['127.0.0.1'] },
  ]);
  await lab.addRecords('bogus.test', [
    { name: 'bogus.test', type: 'MX', content: ['10 mx.bogus.test.'] },
    { name: 'mx.bogus.test', type: 'A', content: ['127.0.0.1'] },
  ]);
});

afterAll(async () => {
  await lab?.stop();
});

const resolver = () => createDnsResolver({ servers: parseDnsServers(lab.resolverAddress), timeoutMs: 3000 });

describe('DNSSEC check', () => {
  it('is secure for a signed zone with a DS chain, and judges each MX host on its own', async () => {
    const r = await checkDnssec('secure.test', { resolver: resolver() });
    expect(r.status).toBe('secure');
    expect(r.details).toMatchObject({ hasDs: true, hasDnskey: true, rcode: 'NOERROR' });
    expect(r.mx.map((m) => [m.name, m.status])).toEqual([
      ['mail.secure.test', 'secure'],
      ['mx.insecure.test', 'insecure'],
      ['mx.bogus.test', 'bogus'],
    ]);
    expect(r.warnings.map((w) => [w.code, w.subject])).toEqual([
      ['dnssec_insecure', 'mx.insecure.test'],
      ['dnssec_bogus', 'mx.bogus.test'],
    ]);
    expect(r.score).toBe(100 - 15 - 40);
  });

  it('scores 100 when the domain and every MX host are secure', async () => {
    const r = await checkDnssec('onlysecure.secure.test', { resolver: resolver() });
    expect(r.status).toBe('secure');
    expect(r.mx.map((m) => m.status)).toEqual(['secure']);
    expect(r.warnings).toEqual([]);
    expect(r.score).toBe(100);
  });

  it('is insecure for an unsigned zone delegated without DS', async () => {
    const r = await checkDnssec('insecure.test', { resolver: resolver() });
    expect(r.status).toBe('insecure');
    expect(r.details).toMatchObject({ hasDs: false, hasDnskey: false });
    expect(r.warnings[0]).toMatchObject({ code: 'dnssec_insecure', severity: 'error' });
    expect(r.score).toBe(0);
  });

  it('is bogus when the DS does not match the zone key: SERVFAIL with the EDE reason, data with CD=1', async () => {
    const r = await checkDnssec('bogus.test', { resolver: resolver() });
    expect(r.status).toBe('bogus');
    expect(r.details.rcode).toBe('SERVFAIL');
    expect(r.details.ede.length).toBeGreaterThan(0);
    // Unbound says DNSKEY Missing (9) while building the chain, DNSSEC Bogus (6) once the key is cached bad.
    const [ede] = r.details.ede;
    expect([6, 9]).toContain(ede.code);
    expect(ede.meaning).toBe(ede.code === 6 ? 'DNSSEC Bogus' : 'DNSKEY Missing');
    expect(r.warnings[0].code).toBe('dnssec_bogus');
    expect(r.warnings[0].message).toContain(ede.meaning);
    expect(r.score).toBe(0);
  });

  it('is indeterminate, not bogus, when the resolver cannot be reached', async () => {
    const dead = createDnsResolver({ servers: [{ host: '127.0.0.1', port: 9 }], timeoutMs: 200, tries: 1 });
    const r = await checkDnssec('secure.test', { resolver: dead });
    expect(r.status).toBe('indeterminate');
    expect(r.score).toBe(0);
  });
});
