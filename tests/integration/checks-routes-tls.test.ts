import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camelCaseKeys } from '../../contract/casing';
import type { DaneResult, DnssecResult, SmtpResult } from '../../src/features/verifyTools/domainVerify/types';
import { makeTestPki, opensslTlsaData, type TestPki } from '../support/tls/certs';
import { startDnssecLab, type DnssecLab } from '../support/dnssec/lab';
import { startTestSmtpServer, type TestSmtpServer } from '../support/dnssec/smtpServer';
import { startTestApp, type TestApp } from './support/app';

// GET /checks/dnssec|dane|smtp/{domain} through the whole app: PowerDNS signs the lab zones, Unbound validates
// them (DNS_SERVERS and DNSSEC_RESOLVER both point at it), every MX host is a real STARTTLS server on
// loopback (SMTP_CHECK_PORT). TLSA data comes from the openssl CLI, not from the code under test.

let lab: DnssecLab;
let pki: TestPki;
let smtp: TestSmtpServer;
let t: TestApp;
const savedDnsServers = process.env.DNS_SERVERS;

beforeAll(async () => {
  pki = makeTestPki(['mx.dane.secure.test', 'mx.bad.secure.test', 'mx.insecure.test']);
  smtp = await startTestSmtpServer({ key: pki.leafKeyPem, cert: pki.chainPem });
  lab = await startDnssecLab();
  const eeSpki = opensslTlsaData(pki.leafPem, 1, 1);
  const wrong = opensslTlsaData(pki.selfSignedPem, 1, 1);
  await lab.addRecords('secure.test', [
    { name: 'secure.test', type: 'MX', content: ['10 mx.dane.secure.test.', '20 mx.insecure.test.'] },
    { name: 'dane.secure.test', type: 'MX', content: ['10 mx.dane.secure.test.'] },
    { name: 'mx.dane.secure.test', type: 'A', content: ['127.0.0.1'] },
    { name: '_25._tcp.mx.dane.secure.test', type: 'TLSA', content: [`3 1 1 ${eeSpki}`] },
    { name: 'bad.secure.test', type: 'MX', content: ['10 mx.bad.secure.test.'] },
    { name: 'mx.bad.secure.test', type: 'A', content: ['127.0.0.1'] },
    { name: '_25._tcp.mx.bad.secure.test', type: 'TLSA', content: [`3 1 1 ${wrong}`] },
    { name: 'nomail.secure.test', type: 'MX', content: ['0 .'] },
  ]);
  await lab.addRecords('insecure.test', [
    { name: 'insecure.test', type: 'MX', content: ['10 mx.insecure.test.'] },
    { name: 'mx.insecure.test', type: 'A', content: ['127.0.0.1'] },
  ]);
  await lab.addRecords('bogus.test', [
    { name: 'bogus.test', type: 'MX', content: ['10 mx.bogus.test.'] },
    { name: 'mx.bogus.test', type: 'A', content: ['127.0.0.1'] },
  ]);
  process.env.DNS_SERVERS = lab.resolverAddress;
  t = await startTestApp({
    env: {
      DNSSEC_RESOLVER: lab.resolverAddress,
      SMTP_CHECK_PORT: String(smtp.port),
      CHECKS_RATE_LIMIT: '30',
      CHECKS_ALLOW_PRIVATE_TARGETS: 'true',
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await lab?.stop();
  pki?.cleanup();
  if (savedDnsServers === undefined) delete process.env.DNS_SERVERS;
  else process.env.DNS_SERVERS = savedDnsServers;
});

let client = 0;
// A fresh client address per request unless given, so only the rate-limit test meets the limit.
const get = (url: string, remoteAddress = `198.51.100.${(client = (client % 200) + 1)}`) =>
  t.app.inject({ method: 'GET', url, remoteAddress });

/** The attributes as the SPA's API client hands them to the domain check page (keys camelCased). */
const forSpa = <T>(body: { data: { attributes: unknown } }) => camelCaseKeys<T>(body.data.attributes);

describe('GET /checks/dnssec/{domain}', () => {
  it('answers a secure domain with the status of each MX host as a dnssec-check document', async () => {
    const res = await get('/checks/dnssec/Secure.Test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ type: 'dnssec-check', id: 'secure.test' });
    expect(body.meta).toMatchObject({ cached: false });
    const a = body.data.attributes;
    expect(a).toMatchObject({ domain: 'secure.test', status: 'secure' });
    expect(a.details).toMatchObject({
      name: 'secure.test',
      rcode: 'NOERROR',
      has_ds: true,
      has_dnskey: true,
    });
    expect(a.mx.map((m: { name: string; status: string }) => [m.name, m.status])).toEqual([
      ['mx.dane.secure.test', 'secure'],
      ['mx.insecure.test', 'insecure'],
    ]);
    expect(a.warnings.map((w: { code: string; subject?: string }) => [w.code, w.subject])).toEqual([
      ['dnssec_insecure', 'mx.insecure.test'],
    ]);
    expect(a.score).toBeLessThan(100);
    const spa = forSpa<DnssecResult>(body);
    expect(spa.details?.status).toBe('secure');
    expect(spa.mx?.map((m) => m.name)).toEqual(['mx.dane.secure.test', 'mx.insecure.test']);
  });

  it('tells an unsigned delegation (insecure) from a broken chain (bogus, with the EDE reason)', async () => {
    const insecure = (await get('/checks/dnssec/insecure.test')).json().data.attributes;
    expect(insecure).toMatchObject({ status: 'insecure', score: 0 });
    expect(insecure.details).toMatchObject({ has_ds: false, has_dnskey: false });
    const bogus = (await get('/checks/dnssec/bogus.test')).json().data.attributes;
    expect(bogus).toMatchObject({ status: 'bogus', score: 0 });
    expect(bogus.details.rcode).toBe('SERVFAIL');
    expect(bogus.details.ede[0]).toMatchObject({ code: expect.any(Number), meaning: expect.any(String) });
    expect(bogus.warnings[0].code).toBe('dnssec_bogus');
  });
});

describe('GET /checks/dane/{domain}', () => {
  it('validates a DANE-EE record against the certificate the MX host presents', async () => {
    const res = await get('/checks/dane/dane.secure.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ type: 'dane-check', id: 'dane.secure.test' });
    const a = body.data.attributes;
    expect(a).toMatchObject({ domain: 'dane.secure.test', mx_secure: true, warnings: [], score: 100 });
    expect(a.hosts).toHaveLength(1);
    expect(a.hosts[0]).toMatchObject({
      host: 'mx.dane.secure.test',
      tlsa_name: '_25._tcp.mx.dane.secure.test',
      status: 'valid',
      secure: true,
    });
    expect(a.hosts[0].records).toEqual([
      expect.objectContaining({ usage: 3, selector: 1, matching_type: 1, usable: true, matches: true }),
    ]);
    // What the page's DANE table reads.
    const spa = forSpa<DaneResult>(body);
    expect(spa.mxSecure).toBe(true);
    expect(spa.hosts?.[0]).toMatchObject({ tlsaName: '_25._tcp.mx.dane.secure.test', status: 'valid' });
    expect(spa.hosts?.[0].records[0]).toMatchObject({
      matchingType: 1,
      data: opensslTlsaData(pki.leafPem, 1, 1),
    });
  });

  it('reports a secure record that matches nothing, and TLSA under an insecure MX', async () => {
    const bad = (await get('/checks/dane/bad.secure.test')).json().data.attributes;
    expect(bad.hosts[0]).toMatchObject({ status: 'mismatch', secure: true });
    expect(bad.warnings.map((w: { code: string }) => w.code)).toEqual(['tlsa_mismatch']);
    expect(bad.score).toBe(0);
    const insecure = (await get('/checks/dane/insecure.test')).json().data.attributes;
    expect(insecure.mx_secure).toBe(false);
    expect(insecure.warnings.map((w: { code: string }) => w.code)).toContain('mx_insecure');
    expect(insecure.score).toBe(0);
  });
});

describe('GET /checks/smtp/{domain}', () => {
  it('reports banner, STARTTLS, the TLS session and the chain of each MX host, with step timings', async () => {
    const res = await get('/checks/smtp/dane.secure.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ type: 'smtp-check', id: 'dane.secure.test' });
    const a = body.data.attributes;
    expect(a).toMatchObject({ domain: 'dane.secure.test', null_mx: false });
    const [h] = a.hosts;
    expect(h).toMatchObject({
      host: 'mx.dane.secure.test',
      preference: 10,
      address: '127.0.0.1',
      port: smtp.port,
      start_tls: true,
    });
    expect(h.banner).toMatch(/msas test/);
    expect(h.extensions).toContain('STARTTLS');
    expect(h.tls).toMatchObject({ protocol: 'TLSv1.3', name_matches: true, expired: false });
    expect(h.tls.cipher).toMatch(/^TLS_/);
    expect(h.tls.chain.map((c: { subject: string }) => c.subject)).toEqual([
      'CN=mx.dane.secure.test',
      'CN=msas test CA',
    ]);
    // The test CA is not in Node's root store and the public check adds no CA of its own.
    expect(h.tls.trusted).toBe(false);
    expect(a.warnings.map((w: { code: string }) => w.code)).toEqual(['cert_untrusted']);
    expect(h.steps.map((s: { step: string }) => s.step)).toEqual([
      'resolve',
      'connect',
      'banner',
      'ehlo',
      'starttls',
      'tls',
      'ehlo_tls',
      'quit',
    ]);
    // What the page's SMTP servers and TLS tables read.
    const spa = forSpa<SmtpResult>(body);
    const host = spa.hosts?.[0];
    expect(host).toMatchObject({ startTls: true, address: '127.0.0.1', port: smtp.port });
    expect(host?.tls?.nameMatches).toBe(true);
    expect(host?.tls?.chain[0].validTo).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(host?.tls?.chain[0].daysLeft).toBeGreaterThanOrEqual(28);
    expect(host?.steps.every((s) => s.ok && s.ms >= 0)).toBe(true);
  });

  it('answers a null MX domain with no hosts', async () => {
    const a = (await get('/checks/smtp/nomail.secure.test')).json().data.attributes;
    expect(a).toMatchObject({ null_mx: true, hosts: [] });
    expect(a.warnings.map((w: { code: string }) => w.code)).toEqual(['null_mx']);
  });

  it('serves a second identical question from the cache', async () => {
    const first = (await get('/checks/smtp/bad.secure.test')).json();
    const again = await get('/checks/smtp/bad.secure.test/');
    expect(again.statusCode).toBe(200);
    expect(again.json().meta).toEqual({ cached: true, checked_at: first.meta.checked_at });
    expect(again.json().data).toEqual(first.data);
  });
});

describe('the DNSSEC, DANE and SMTP routes', () => {
  it('answer 400 for something that is not a domain', async () => {
    for (const kind of ['dnssec', 'dane', 'smtp']) {
      const res = await get(`/checks/${kind}/not_a_domain`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ domain: ['Enter a valid domain name.'] });
    }
  });

  it('count against the same per-IP limit as the other checks', async () => {
    const ip = '203.0.113.50';
    const kinds = ['dnssec', 'dane', 'smtp', 'tls-rpt'];
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await get(`/checks/${kinds[i % 4]}/insecure.test`, ip)).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await get('/checks/smtp/insecure.test', ip)).json().detail).toMatch(/^Too many attempts/);
  });

  it('are documented in the OpenAPI document with their attributes', async () => {
    const doc = (await get('/api/openapi.json')).json();
    const attributesOf = (kind: string) => {
      const op = doc.paths[`/checks/${kind}/{domain}`]?.get;
      const schema = op?.responses?.['200']?.content?.['application/json']?.schema;
      return Object.keys(schema?.properties?.data?.properties?.attributes?.properties ?? {});
    };
    expect(attributesOf('dnssec')).toEqual(expect.arrayContaining(['status', 'details', 'mx', 'score']));
    expect(attributesOf('dane')).toEqual(expect.arrayContaining(['mx_secure', 'hosts', 'score']));
    expect(attributesOf('smtp')).toEqual(expect.arrayContaining(['null_mx', 'hosts', 'score']));
  });
});
