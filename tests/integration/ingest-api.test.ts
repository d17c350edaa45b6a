import fs from 'node:fs';
import path from 'node:path';
import { reportXml } from '../fixtures/dmarc/build-report';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';
import { makeOrganization } from './ingest-helpers';
import { multipart } from './support/multipart';

// Upload through the API (multipart, several files, one result each) and the report read routes.

let t: TestApp;
let token: string;
let otherToken: string;

const sample = (rel: string) => fs.readFileSync(path.join(samplesDir, rel));

beforeAll(async () => {
  t = await startTestApp();
  const owner = await makeUser(t.db, { organization: 'Uploader' });
  const other = await makeUser(t.db, { organization: 'Elsewhere' });
  for (const [org, name] of [
    [owner.user.organization_id, 'example.com'],
    [owner.user.organization_id, 'company-y.example'],
    [owner.user.organization_id, 'a.sender.example'],
    [other.user.organization_id, 'elsewhere.example'],
  ] as const) {
    await t.db.insertInto('domains').values({ name, organization_id: org! }).execute();
  }
  await makeOrganization(t.db, 'Unrelated', []);
  token = (await login(t.app, { username: owner.email, password: owner.password })).json().access;
  otherToken = (await login(t.app, { username: other.email, password: other.password })).json().access;
});
afterAll(() => t.close());

describe('report upload and reads', () => {
  it('imports several files in one request with a result per file', async () => {
    const gz =
      'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml.gz';
    const { payload, headers } = multipart([
      { name: 'google.xml.gz', bytes: sample(gz) },
      { name: 'notes.md', bytes: sample('PROVENANCE.md') },
      { name: 'theirs.xml', bytes: Buffer.from(reportXml({ domain: 'elsewhere.example' })) },
      { name: 'tls.json', bytes: sample('mail-auth/resources/tlsrpt/rpt01.json') },
      { name: 'failure.eml', bytes: sample('mail-auth/resources/arf/005.eml') },
      { name: 'again.xml.gz', bytes: sample(gz) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dm/dmarc/reports/upload/',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { file: string; status: string }) => [r.file, r.status])).toEqual([
      ['google.xml.gz', 'imported'],
      ['notes.md', 'rejected'],
      ['theirs.xml', 'rejected'],
      ['tls.json', 'imported'],
      ['failure.eml', 'imported'],
      ['again.xml.gz', 'duplicate'],
    ]);
    expect(body.data[0]).toMatchObject({ kind: 'aggregate', org_name: 'Google', records: 8, messages: 11 });
    expect(body.data[2].reason).toBe(
      'The report is for elsewhere.example, which is not a domain of your organization',
    );
    expect(body.meta).toEqual({ imported: 3, duplicate: 1, rejected: 2, error: 0 });
    const audit = await t.db
      .selectFrom('audit_operations')
      .selectAll()
      .where('name', '=', 'reports.upload')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses an upload without a token or without files', async () => {
    const { payload, headers } = multipart([{ name: 'x.xml', bytes: Buffer.from(reportXml()) }]);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/dm/dmarc/reports/upload/',
      payload,
      headers,
    });
    expect(anon.statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/dm/dmarc/reports/upload/',
      ...multipart([]),
      headers: { ...multipart([]).headers, ...bearer(token) },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ files: ['No file was submitted.'] });
  });

  it('lists reports, their records with DKIM signatures, and serves the original file', async () => {
    const list = await t.app.inject({
      url: '/api/dm/dmarc/aggregate-reports/?domain=example.com',
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    const doc = list.json();
    expect(doc.meta.count).toBe(1);
    const report = doc.data[0];
    expect(report.attributes).toMatchObject({
      org_name: 'Google',
      report_id: 'example.com:1701129600',
      messages_count: 11,
    });
    // Spec section 7 also names the list GET /aggregate-reports/{query}: the same answer, links on its path.
    const spec = await t.app.inject({
      url: '/api/dm/aggregate-reports/?domain=example.com',
      headers: bearer(token),
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().data).toEqual(doc.data);
    expect(spec.json().links.first).toContain('/api/dm/aggregate-reports/');

    const records = await t.app.inject({
      url: `/api/dm/dmarc/aggregate-reports/${report.id}/records/`,
      headers: bearer(token),
    });
    expect(records.statusCode).toBe(200);
    const rows = records.json().data;
    expect(rows).toHaveLength(8);
    expect(rows.reduce((n: number, r: { attributes: { count: number } }) => n + r.attributes.count, 0)).toBe(
      11,
    );
    expect(rows.some((r: { dkim_signatures: unknown[] }) => r.dkim_signatures.length > 0)).toBe(true);

    const dkim = await t.app.inject({
      url: '/api/dm/dmarc/aggregate-reports/dkim-signatures/?domain=example.com',
      headers: bearer(token),
    });
    expect(dkim.statusCode).toBe(200);
    expect(dkim.json().data.length).toBeGreaterThan(0);

    const file = await t.app.inject({
      url: `/api/dm/dmarc/aggregate-reports/${report.id}/file/`,
      headers: bearer(token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('google.xml.gz');
    expect(
      file.rawPayload.equals(
        sample(
          'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml.gz',
        ),
      ),
    ).toBe(true);
  });

  it('lists TLS and failure reports', async () => {
    const tls = await t.app.inject({ url: '/api/dm/dmarc/tls-reports/', headers: bearer(token) });
    expect(tls.statusCode).toBe(200);
    expect(tls.json().data[0].attributes).toMatchObject({
      org_name: 'Company-X',
      domain: 'company-y.example',
      messages_count: 5629,
    });
    // The parsed report goes out snake_case like the rest of the document (contract/reports.ts).
    expect(tls.json().data[0].attributes.details.policies[0]).toMatchObject({
      summary: { total_successful_session_count: expect.any(Number) },
      failure_details: expect.any(Array),
    });
    const failure = await t.app.inject({ url: '/api/dm/dmarc/failure-reports/', headers: bearer(token) });
    expect(failure.json().data[0].attributes).toMatchObject({ domain: 'a.sender.example' });
  });

  it("shows nothing of another organization's reports", async () => {
    const mine = await t.app.inject({ url: '/api/dm/dmarc/aggregate-reports/', headers: bearer(token) });
    const id = mine.json().data[0].id;
    const theirs = await t.app.inject({
      url: '/api/dm/dmarc/aggregate-reports/',
      headers: bearer(otherToken),
    });
    expect(theirs.json().data).toEqual([]);
    for (const url of [
      `/api/dm/dmarc/aggregate-reports/${id}/`,
      `/api/dm/dmarc/aggregate-reports/${id}/records/`,
      `/api/dm/dmarc/aggregate-reports/${id}/file/`,
    ]) {
      expect((await t.app.inject({ url, headers: bearer(otherToken) })).statusCode).toBe(404);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const tls = await t.app.inject({ url: '/api/dm/dmarc/tls-reports/', headers: bearer(otherToken) });
    expect(tls.json().data).toEqual([]);
  });
});
