import { readFileSync } from 'node:fs';
import path from 'node:path';
import { samplesDir } from '../../tests/fixtures/dmarc/sample-expectations';
import { parseReportFile } from './parse-report-file';
import type { AggregateReport, FailureReport, Report, TlsReport } from './types';

// Field-level checks on the samples whose content is odd in some way: each shows one normalisation.

async function only<K extends Report['kind']>(file: string, kind: K): Promise<Extract<Report, { kind: K }>> {
  const o = await parseReportFile(readFileSync(path.join(samplesDir, file)));
  if (!o.ok) throw new Error(`${file}: ${o.reason}`);
  expect(o.reports).toHaveLength(1);
  expect(o.reports[0].kind).toBe(kind);
  return o.reports[0] as Extract<Report, { kind: K }>;
}
const agg = (file: string) => only(file, 'aggregate') as Promise<AggregateReport>;
const tls = (file: string) => only(file, 'tls') as Promise<TlsReport>;
const failure = (file: string) => only(file, 'failure') as Promise<FailureReport>;

describe('aggregate samples, normalised fields', () => {
  it('hardfail.xml: SPF hardfail reads as fail, empty DKIM domain and selector kept as empty/null', async () => {
    const r = await agg('dmarc-report-viewer/testdata/dmarc-reports/hardfail.xml');
    expect(r.records[0].authResults.spf).toEqual([
      { domain: 'mydomain.org', scope: null, result: 'fail', humanResult: null },
    ]);
    expect(r.records[0].authResults.dkim).toEqual([
      { domain: '', selector: null, result: 'fail', humanResult: null },
    ]);
    expect(r.records[0].policyEvaluated).toEqual({
      disposition: 'quarantine',
      dkim: 'fail',
      spf: 'fail',
      reasons: [],
    });
    expect(r.policyPublished).toMatchObject({
      domain: 'mydomain.org',
      p: 'quarantine',
      sp: 'quarantine',
      pct: 100,
    });
  });

  it('004.xml: disposition "pass" reads as none; RFC 9990 fields np, testing, discovery_method, generator', async () => {
    const r = await agg('mail-auth/resources/dmarc-feedback/004.xml');
    expect(r.records[0].policyEvaluated.disposition).toBe('none');
    expect(r.version).toBe('1.0');
    expect(r.reportMetadata.generator).toBe('Example DMARC Aggregate Reporter v1.2');
    expect(r.policyPublished).toEqual({
      domain: 'example.com',
      adkim: 'r',
      aspf: 'r',
      p: 'quarantine',
      sp: 'none',
      np: 'none',
      pct: null,
      fo: null,
      testing: 'n',
      discoveryMethod: 'treewalk',
    });
    expect(r.records[0].identifiers).toEqual({
      headerFrom: 'example.com',
      envelopeFrom: 'example.com',
      envelopeTo: null,
    });
  });

  it('test_empty.xml: the empty record is skipped with a warning, the report kept', async () => {
    const r = await agg('dmarc-report-converter/pkg/dmarc/testdata/test_empty.xml');
    expect(r.records).toEqual([]);
    expect(r.warnings).toEqual([
      'record 1 skipped: source_ip "" is not an IP address',
      'the report holds no usable records',
    ]);
  });

  it('test.xml: stray whitespace in <end> is trimmed; two DKIM results on one record', async () => {
    const r = await agg('dmarc-report-converter/pkg/dmarc/testdata/test.xml');
    expect(r.reportMetadata.dateRange).toEqual({ begin: 1524182400, end: 1524268799 });
    expect(r.records[0].authResults.dkim.map((d) => [d.domain, d.selector, d.result])).toEqual([
      ['test1.net', 'selector1', 'fail'],
      ['test2.net', 'selector2', 'pass'],
    ]);
    expect(r.records[1].authResults.spf[0]).toEqual({
      domain: 'test2.net',
      scope: 'mfrom',
      result: 'softfail',
      humanResult: null,
    });
  });

  it('acme.xml: report error, reason with tab-indented close, human_result', async () => {
    const r = await agg('dmarc-report-viewer/testdata/dmarc-reports/acme.xml');
    expect(r.reportMetadata.errors).toEqual(['There was a sample error.']);
    expect(r.records[0].policyEvaluated.reasons).toEqual([
      { type: 'other', comment: 'DMARC Policy overridden for incoherent example.' },
    ]);
    expect(r.records[0].authResults.dkim[0]).toEqual({
      domain: 'example.com',
      selector: 'ExamplesSelector',
      result: 'fail',
      humanResult: 'Incoherent example',
    });
    expect(r.records[0].authResults.spf[0].scope).toBe('helo');
    expect(r.records[0].identifiers.envelopeTo).toBe('acme.com');
  });

  it('001.xml: version 2.0, unknown tags ignored, report and record <extensions> kept', async () => {
    const r = await agg('mail-auth/resources/dmarc-feedback/001.xml');
    expect(r.version).toBe('2.0');
    expect(r.reportMetadata.dateRange).toEqual({ begin: 161212415, end: 161221511 });
    expect(r.extensions?.[0].name).toBe('extensions');
    expect(r.extensions?.[0].children[0].attributes).toEqual({
      name: 'otherExtension',
      definition: 'https://path/to/spec',
    });
    expect(r.records[0].extensions?.[0].children.map((c) => c.attributes.name)).toEqual([
      'extensionName',
      'extensionName2',
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('rfc9990-multi-auth-overrides.xml: namespaced, vendor elements, psd discovery, SPF human_result', async () => {
    const r = await agg('dmarq/backend/app/tests/fixtures/dmarc_aggregate/rfc9990-multi-auth-overrides.xml');
    expect(r.policyPublished).toMatchObject({
      discoveryMethod: 'psd',
      aspf: 's',
      pct: 75,
      fo: '1:d:s',
      np: 'reject',
    });
    expect(r.extensions?.[0].children[0]).toMatchObject({ name: 'vendor:provider' });
    expect(r.records[0].extensions).toEqual([
      { name: 'vendor:category', attributes: {}, text: 'transactional', children: [] },
    ]);
    expect(r.records[0].policyEvaluated.reasons).toEqual([
      { type: 'forwarded', comment: 'forwarder modified body' },
    ]);
    expect(r.records[0].authResults.spf[0].humanResult).toBe('ip not authorized');
    expect(r.records[0].identifiers.envelopeTo).toBe('customer.example.org');
  });

  it('rfc9990-treewalk-extension.xml: IPv6 source, testing=y', async () => {
    const r = await agg('dmarq/backend/app/tests/fixtures/dmarc_aggregate/rfc9990-treewalk-extension.xml');
    expect(r.records[0].sourceIp).toBe('2001:db8::1');
    expect(r.policyPublished.testing).toBe('y');
    expect(r.reportMetadata.errors).toEqual(['Multiple DMARC records were ignored before treewalk.']);
  });

  it('101.eml: org_name with a stray quote entity; DKIM and SPF without selector or scope', async () => {
    const r = await agg('mail-auth/resources/dmarc-feedback/101.eml');
    expect(r.reportMetadata.orgName).toBe('backschues.NET');
    expect(r.records[0].authResults.dkim.map((d) => [d.domain, d.selector, d.result])).toEqual([
      ['ietf.org', null, 'pass'],
      ['stalw.art', null, 'fail'],
    ]);
    expect(r.records[0].authResults.spf).toEqual([
      { domain: 'ietf.org', scope: null, result: 'none', humanResult: null },
    ]);
  });

  it('104.eml: old draft version 0.1 in an octet-stream gzip', async () => {
    const r = await agg('mail-auth/resources/dmarc-feedback/104.eml');
    expect(r.version).toBe('0.1');
    expect(r.records[0]).toMatchObject({ sourceIp: '207.171.188.200', count: 1 });
  });

  it('003.xml: reasons of every record, tab indentation', async () => {
    const r = await agg('mail-auth/resources/dmarc-feedback/003.xml');
    expect(r.records.map((x) => x.policyEvaluated.reasons.map((y) => y.type))).toEqual([
      ['trusted_forwarder'],
      ['trusted_forwarder'],
      ['trusted_forwarder'],
      [],
    ]);
    expect(r.policyPublished).toMatchObject({ adkim: 'r', aspf: 'r', fo: '0' });
  });

  it('files without a <version> (older drafts) have version null', async () => {
    const r = await agg('dmarc-report-viewer/testdata/dmarc-reports/mailru.xml');
    expect(r.version).toBeNull();
    expect(r.records[0].authResults.dkim).toEqual([]);
  });
});

describe('TLS and failure samples, fields', () => {
  it('rfc-example.json: failure details', async () => {
    const r = await tls('dmarc-report-viewer/testdata/smtp-tls-reports/rfc-example.json');
    expect(r.dateRange.start.toISOString()).toBe('2016-04-01T00:00:00.000Z');
    expect(r.policies[0].policy.mxHost).toEqual(['*.mail.company-y.example']);
    expect(
      r.policies[0].failureDetails.map((d) => [d.resultType, d.failedSessionCount, d.sendingMtaIp]),
    ).toEqual([
      ['certificate-expired', 100, '2001:db8:abcd:0012::1'],
      ['starttls-not-supported', 200, '2001:db8:abcd:0013::1'],
      ['validation-failure', 3, '198.51.100.62'],
    ]);
    expect(r.policies[0].failureDetails[2].failureReasonCode).toBe('X509_V_ERR_PROXY_PATH_LENGTH_EXCEEDED');
  });

  it('no-contact.json: contact-info null; no_ip_and_mx.json: a detail without IPs', async () => {
    expect(
      (await tls('dmarc-report-viewer/testdata/smtp-tls-reports/no-contact.json')).contactInfo,
    ).toBeNull();
    const r = await tls('dmarc-report-viewer/testdata/smtp-tls-reports/no_ip_and_mx.json');
    expect(r.policies[0].failureDetails[0]).toMatchObject({
      resultType: 'sts-policy-fetch-error',
      sendingMtaIp: null,
    });
  });

  it('microsoft.json: an sts and a tlsa policy', async () => {
    const r = await tls('dmarc-report-viewer/testdata/smtp-tls-reports/microsoft.json');
    expect(r.policies.map((p) => p.policy.type)).toEqual(['sts', 'tlsa']);
  });

  it('arf/004.eml: Source-IP with a comment, text/rfc822-headers original', async () => {
    const r = await failure('mail-auth/resources/arf/004.eml');
    expect(r).toMatchObject({
      sourceIp: '148.163.85.135',
      authFailure: ['dmarc'],
      originalMailFrom: 'info@interpublication.org',
    });
    expect(r.originalHeaders).toContain('Subject: Wir kaufen dein Auto!');
  });

  it('arf/005.eml: DKIM fields and arrival date', async () => {
    const r = await failure('mail-auth/resources/arf/005.eml');
    expect(r.dkim).toEqual({ domain: 'sender.example', identity: '@sender.example', selector: 'testkey' });
    expect(r.arrivalDate?.toISOString()).toBe('2011-10-08T20:15:58.000Z');
    expect(r.authFailure).toEqual(['bodyhash']);
    expect(r.reportedUris).toEqual(['http://www.sender.example/']);
  });

  it('arf/003.eml: Received-Date stands in for Arrival-Date; message/rfc822 original', async () => {
    const r = await failure('mail-auth/resources/arf/003.eml');
    expect(r.arrivalDate?.toISOString()).toBe('2010-04-14T19:15:31.000Z');
    expect(r).toMatchObject({
      sourceIp: '192.0.2.1',
      originalRcptTo: ['user@example.com'],
      reporter: 'example.com',
    });
    expect(r.originalHeaders).toContain('DKIM-Signature');
  });
});
