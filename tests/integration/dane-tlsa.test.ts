import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDane } from '../../server/checks/dane/check';
import { parseDnsServers } from '../../server/checks/dnsServers';
import { createDnsResolver } from '../../server/checks/resolver';
import { makeTestPki, opensslTlsaData, type TestPki } from '../support/tls/certs';
import { startDnssecLab, type DnssecLab } from '../support/dnssec/lab';
import { startTestSmtpServer, type TestSmtpServer } from '../support/dnssec/smtpServer';

// DANE (RFC 7672) end to end: TLSA records in zones PowerDNS signs, validated by Unbound, matched against the
// certificate a real STARTTLS server presents. Expected association data comes from the openssl CLI.

let lab: DnssecLab;
let pki: TestPki;
let smtp: TestSmtpServer;

const mxNames = [
  'ee.secure.test',
  'ta.secure.test',
  'bad.secure.test',
  'pkix.secure.test',
  'mixed.secure.test',
];

beforeAll(async () => {
  pki = makeTestPki(mxNames.map((d) => `mx.${d}`).concat('mx.insecure.test', 'mx.bogus.test'));
  smtp = await startTestSmtpServer({ key: pki.leafKeyPem, cert: pki.chainPem });
  lab = await startDnssecLab();
  const eeSpki = opensslTlsaData(pki.leafPem, 1, 1);
  const caCert = opensslTlsaData(pki.caPem, 0, 2);
  const wrong = opensslTlsaData(pki.selfSignedPem, 1, 1);
  const tlsa: Record<string, string[]> = {
    'ee.secure.test': [`3 1 1 ${eeSpki}`],
    'ta.secure.test': [`2 0 2 ${caCert}`],
    'bad.secure.test': [`3 1 1 ${wrong}`],
    'pkix.secure.test': [`1 1 1 ${eeSpki}`],
    'mixed.secure.test': [`3 1 1 ${wrong}`, `3 0 0 ${opensslTlsaData(pki.leafPem, 0, 0)}`, `0 0 1 ${wrong}`],
  };
  await lab.addRecords(
    'secure.test',
    mxNames.flatMap((d) => [
      { name: d, type: 'MX', content: [`10 mx.${d}.`] },
      { name: `mx.${d}`, type: 'A', content: ['127.0.0.1'] },
      { name: `_25._tcp.mx.${d}`, type: 'TLSA', content: tlsa[d] },
    ]),
  );
  await lab.addRecords('insecure.test', [
    { name: 'insecure.test', type: 'MX', content: ['10 mx.insecure.test.'] },
    { name: 'mx.insecure.test', type: 'A', content: ['127.0.0.1'] },
    { name: '_25._tcp.mx.insecure.test', type: 'TLSA', content: [`3 1 1 ${eeSpki}`] },
  ]);
  await lab.addRecords('bogus.test', [
    { name: 'bogus.test', type: 'MX', content: ['10 mx.bogus.test.'] },
    { name: 'mx.bogus.test', type: 'A', content: ['127.0.0.1'] },
    { name: '_25._tcp.mx.bogus.test', type: 'TLSA', content: [`3 1 1 ${eeSpki}`] },
  ]);
});

afterAll(async () => {
  await smtp?.close();
  await lab?.stop();
  pki?.cleanup();
});

function deps() {
  const resolver = createDnsResolver({ servers: parseDnsServers(lab.resolverAddress), timeoutMs: 3000 });
  // The MX hosts of the lab zones are the loopback SMTP server.
  const smtpDeps = { resolver, port: smtp.port, timeoutMs: 5000, ca: [pki.caPem], allowPrivateTargets: true };
  return { dnssecResolver: resolver, smtp: smtpDeps };
}

describe('DANE check', () => {
  it('validates a DANE-EE SPKI SHA-256 record that matches the presented certificate', async () => {
    const r = await checkDane('ee.secure.test', deps());
    expect(r.mxSecure).toBe(true);
    expect(r.hosts[0]).toMatchObject({ host: 'mx.ee.secure.test', tlsaName: '_25._tcp.mx.ee.secure.test' });
    expect(r.hosts[0]).toMatchObject({ status: 'valid', secure: true });
    expect(r.hosts[0].records[0]).toMatchObject({
      usage: 3,
      selector: 1,
      matchingType: 1,
      usable: true,
      matches: true,
    });
    expect(r.warnings).toEqual([]);
    expect(r.score).toBe(100);
  });

  it('validates a DANE-TA full-certificate SHA-512 record against the issuer in the chain', async () => {
    const r = await checkDane('ta.secure.test', deps());
    expect(r.hosts[0].status).toBe('valid');
    expect(r.score).toBe(100);
  });

  it('reports a secure TLSA record that does not match as an error', async () => {
    const r = await checkDane('bad.secure.test', deps());
    expect(r.hosts[0].status).toBe('mismatch');
    expect(r.hosts[0].records[0]).toMatchObject({ usable: true, matches: false });
    expect(r.warnings.map((w) => [w.code, w.severity])).toEqual([['tlsa_mismatch', 'error']]);
    expect(r.score).toBe(0);
  });

  it('treats PKIX usages as unusable for SMTP', async () => {
    const r = await checkDane('pkix.secure.test', deps());
    expect(r.hosts[0].status).toBe('unusable');
    expect(r.hosts[0].records[0]).toMatchObject({ usable: false, reason: 'pkix_usage' });
    expect(r.score).toBe(0);
  });

  it('is valid when one usable record of several matches, and notes the unusable one', async () => {
    const r = await checkDane('mixed.secure.test', deps());
    expect(r.hosts[0].status).toBe('valid');
    const byUsage = r.hosts[0].records.map((x) => [x.usage, x.selector, x.usable, x.matches]);
    expect(byUsage.sort()).toEqual([
      [0, 0, false, false],
      [3, 0, true, true],
      [3, 1, true, false],
    ]);
    expect(r.warnings.map((w) => w.code)).toEqual(['tlsa_some_unusable']);
  });

  it('ignores TLSA records that are not DNSSEC-secure', async () => {
    const r = await checkDane('insecure.test', deps());
    expect(r.mxSecure).toBe(false);
    expect(r.hosts[0]).toMatchObject({ status: 'insecure_tlsa', secure: false });
    expect(r.warnings.map((w) => w.code)).toEqual(['mx_insecure', 'tlsa_insecure']);
    expect(r.score).toBe(0);
  });

  it('reports bogus MX and TLSA answers (validation fails, data is there with CD=1)', async () => {
    const r = await checkDane('bogus.test', deps());
    expect(r.mxSecure).toBe(false);
    expect(r.hosts.map((h) => [h.host, h.status])).toEqual([['mx.bogus.test', 'bogus_tlsa']]);
    expect(r.warnings.map((w) => w.code)).toEqual(['mx_bogus', 'tlsa_bogus']);
    expect(r.score).toBe(0);
  });
});
