import { reportXml } from '../../tests/fixtures/dmarc/build-report';
import { parseReportFile } from './parse-report-file';
import type { AggregateReport } from './types';

// Real-world damage in aggregate XML, one kind per test, on synthetic reports.

async function parse(doc: string | Buffer): Promise<AggregateReport> {
  const o = await parseReportFile(typeof doc === 'string' ? Buffer.from(doc) : doc);
  if (!o.ok) throw new Error(o.reason);
  return o.reports[0] as AggregateReport;
}

describe('aggregate XML damage', () => {
  it('reads upper-case and padded result words', async () => {
    const r = await parse(
      reportXml({
        records: [
          {
            disposition: ' Quarantine ',
            dkim: 'PASS',
            spf: 'Fail',
            auth:
              '<dkim><domain>EXAMPLE.com.</domain><result>Pass</result></dkim>' +
              '<spf><domain>example.com</domain><scope>MFROM</scope><result>SoftFail</result></spf>' +
              '<spf><domain>example.com</domain><result>temp_error</result></spf>',
          },
        ],
      }),
    );
    const rec = r.records[0];
    expect(rec.policyEvaluated).toEqual({
      disposition: 'quarantine',
      dkim: 'pass',
      spf: 'fail',
      reasons: [],
    });
    expect(rec.authResults.dkim[0]).toMatchObject({ domain: 'example.com', result: 'pass' });
    expect(rec.authResults.spf.map((s) => [s.scope, s.result])).toEqual([
      ['mfrom', 'softfail'],
      [null, 'temperror'],
    ]);
  });

  it('skips one bad record with a warning and keeps the rest', async () => {
    const r = await parse(
      reportXml({
        records: [
          { ip: '203.0.113.5' },
          { ip: '999.1.1.1' },
          { count: '' },
          { count: 'x7' },
          { ip: '2001:DB8::5', count: '4' },
        ],
      }),
    );
    expect(r.records.map((x) => [x.sourceIp, x.count])).toEqual([
      ['203.0.113.5', 1],
      ['2001:db8::5', 4],
    ]);
    expect(r.warnings).toEqual([
      'record 2 skipped: source_ip "999.1.1.1" is not an IP address',
      'record 3 skipped: count "" is not a whole number',
      'record 4 skipped: count "x7" is not a whole number',
    ]);
  });

  it('keeps a record with count 0 and says so', async () => {
    const r = await parse(reportXml({ records: [{ count: '0' }, { count: '3' }] }));
    expect(r.records.map((x) => x.count)).toEqual([0, 3]);
    expect(r.warnings).toEqual(['record 1 (192.0.2.0) has a count of 0; kept']);
  });

  it('falls back to the e-mail domain, then "unknown", for an empty org_name', async () => {
    const a = await parse(reportXml({ orgName: '  ', email: 'noreply@Reports.Example.NET' }));
    expect(a.reportMetadata.orgName).toBe('reports.example.net');
    expect(a.warnings).toEqual(['report_metadata org_name is empty; using "reports.example.net"']);
    const b = await parse(reportXml({ orgName: '', email: '' }));
    expect(b.reportMetadata.orgName).toBe('unknown');
  });

  it('drops an empty reason and files a comment without type under other; keeps empty auth_results', async () => {
    const doc = reportXml({ records: [{ auth: '' }] }).replace(
      '</spf></policy_evaluated>',
      '</spf><reason></reason><reason><type/><comment>why</comment></reason></policy_evaluated>',
    );
    const r = await parse(doc);
    expect(r.records[0].policyEvaluated.reasons).toEqual([{ type: 'other', comment: 'why' }]);
    expect(r.records[0].authResults).toEqual({ dkim: [], spf: [] });
  });

  it('looks inside a stray <xs:schema> wrapper', async () => {
    const r = await parse(
      reportXml({ before: '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">', after: '</xs:schema>' }),
    );
    expect(r.records).toHaveLength(1);
    expect(r.warnings).toEqual(['a stray <xs:schema> wrapper around <feedback> was ignored']);
    // Unclosed wrapper (only the opening tag was pasted in): the report itself is complete, so kept.
    const open = await parse(
      reportXml({ before: '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">' }),
    );
    expect(open.records).toHaveLength(1);
  });

  it('replaces invalid UTF-8 bytes and warns', async () => {
    const [a, b] = reportXml({ orgName: 'Caf@@' }).split('@@');
    const r = await parse(Buffer.concat([Buffer.from(a), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(b)]));
    expect(r.reportMetadata.orgName).toBe('Caf\uFFFD(\uFFFD');
    expect(r.warnings).toContain('bytes that are not valid in the declared encoding were replaced');
  });

  it('decodes a declared windows-1252 file', async () => {
    const doc = reportXml({
      prolog: '<?xml version="1.0" encoding="windows-1252"?>',
      orgName: 'Soci\u00e9t\u00e9',
    });
    const r = await parse(Buffer.from(doc, 'latin1'));
    expect(r.reportMetadata.orgName).toBe('Soci\u00e9t\u00e9');
    expect(r.warnings).toEqual([]);
  });

  it('reads the dmarc-2.0 namespace, a prefixed namespace and ISO dates', async () => {
    const ns = reportXml().replace('<feedback>', '<feedback xmlns="urn:ietf:params:xml:ns:dmarc-2.0">');
    expect((await parse(ns)).warnings).toEqual([]);
    const prefixed = reportXml()
      .replace(/<(\/?)([a-z_]+)>/g, '<$1d:$2>')
      .replace('<d:feedback>', '<d:feedback xmlns:d="urn:ietf:params:xml:ns:dmarc-2.0">');
    const p = await parse(prefixed);
    expect(p.records).toHaveLength(1);
    expect(p.policyPublished.domain).toBe('example.com');
    const iso = await parse(reportXml({ begin: '2024-03-01T00:00:00Z', end: '2024-03-01T23:59:59Z' }));
    expect(iso.reportMetadata.dateRange).toEqual({ begin: 1709251200, end: 1709337599 });
  });

  it('rejects what cannot be a usable report, saying why', async () => {
    const reason = async (doc: string) => {
      const o = await parseReportFile(Buffer.from(doc));
      return o.ok ? 'ok' : o.reason;
    };
    expect(await reason(reportXml({ reportId: '' }))).toBe('The DMARC report has no report_id');
    expect(await reason(reportXml({ domain: ' ' }))).toBe('The DMARC report has no policy_published domain');
    expect(await reason(reportXml({ begin: 'yesterday' }))).toBe(
      'The DMARC report has no valid date_range begin and end',
    );
    expect(await reason('<?xml version="1.0"?><rss><channel/></rss>')).toBe(
      'Not a DMARC report: the XML root is <rss>',
    );
  });

  it('keeps report-level junk after </feedback> as a warning', async () => {
    const r = await parse(reportXml({ after: '<feedback>second</feedback> trailing' }));
    expect(r.records).toHaveLength(1);
  });
});
