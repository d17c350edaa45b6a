import { Migrator, sql } from 'kysely';
import { gunzipSync, gzipSync } from 'node:zlib';
import { migrations } from '../../server/db/migrations/index';
import { ingestFile } from '../../server/ingest/ingest-file';
import { reportXml } from '../fixtures/dmarc/build-report';
import { writeZip } from '../fixtures/dmarc/zip-writer';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// One received file, several organizations: a zip or an e-mail carrying reports for two
// organizations' domains. Each organization downloads only its own report's bytes; the received file is
// kept for the operator (received_file_id) and served by no route. Migration 0038 splits stored files.

let t: TestApp;
let a: Tenant;
let b: Tenant;

const xml = (reportId: string, domain: string) => Buffer.from(reportXml({ reportId, domain }));
const b64 = (x: Buffer) => x.toString('base64').replace(/.{76}/g, '$&\r\n');
const attachment = (type: string, name: string, data: Buffer) =>
  `Content-Type: ${type}; name="${name}"\r\nContent-Transfer-Encoding: base64\r\n` +
  `Content-Disposition: attachment; filename="${name}"\r\n\r\n${b64(data)}`;
const mail = (parts: string[], subject: string) =>
  Buffer.from(
    `Message-ID: <${subject}@reporter.example>\r\nFrom: reports@reporter.example\r\n` +
      `To: rua@msas.example\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n` +
      'Content-Type: multipart/mixed; boundary="OUTER"\r\n\r\n' +
      parts.map((p) => `--OUTER\r\n${p}\r\n`).join('') +
      '--OUTER--\r\n',
  );

const tlsJson = (id: string, domain: string) =>
  Buffer.from(
    JSON.stringify({
      'organization-name': 'TLS Reporter',
      'date-range': { 'start-datetime': '2024-03-01T00:00:00Z', 'end-datetime': '2024-03-01T23:59:59Z' },
      'contact-info': 'tls@reporter.example',
      'report-id': id,
      policies: [
        {
          policy: { 'policy-type': 'sts', 'policy-string': ['version: STSv1'], 'policy-domain': domain },
          summary: { 'total-successful-session-count': 7, 'total-failure-session-count': 1 },
        },
      ],
    }),
  );

const arfPart = (domain: string, ip: string) =>
  'Content-Type: multipart/report; report-type=feedback-report; boundary="R"\r\n\r\n' +
  `--R\r\nContent-Type: text/plain\r\n\r\nA failure report for ${domain}.\r\n` +
  '--R\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: auth-failure\r\nUser-Agent: t/1\r\n' +
  `Version: 1\r\nAuth-Failure: dmarc\r\nSource-IP: ${ip}\r\nReported-Domain: ${domain}\r\n` +
  `Original-Envelope-Id: env-${domain}\r\n` +
  `--R\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: someone@${domain}\r\nSubject: hello\r\n--R--`;

const idOf = async (table: 'dmarc_reports' | 'tls_reports' | 'failure_reports', domain: string) =>
  (await t.db.selectFrom(table).select('id').where('domain', '=', domain).executeTakeFirstOrThrow()).id;

const aggregateRow = (reportId: string) =>
  t.db
    .selectFrom('dmarc_reports')
    .select(['id', 'file_id', 'received_file_id'])
    .where('report_id', '=', reportId)
    .executeTakeFirstOrThrow();

async function download(tenant: Tenant, path: string) {
  const res = await call(t, 'GET', `/api/dm/dmarc/${path}`, tenant.tokens.owner);
  return {
    status: res.statusCode,
    bytes: res.rawPayload,
    disposition: String(res.headers['content-disposition']),
  };
}

/** Both organizations download their report of `table`; each gets its own bytes, none of the other's. */
async function expectOwnBytes(
  route: string,
  table: 'dmarc_reports' | 'tls_reports' | 'failure_reports',
  read: (bytes: Buffer) => string,
  received: Buffer,
) {
  for (const [mine, theirs, domain, other] of [
    [a, b, 'one.example', 'two.example'],
    [b, a, 'two.example', 'one.example'],
  ] as const) {
    const id = await idOf(table, domain);
    const own = await download(mine, `${route}/${id}/file/`);
    expect(own.status).toBe(200);
    expect(own.bytes.equals(received)).toBe(false);
    expect(read(own.bytes)).toContain(domain);
    expect(read(own.bytes)).not.toContain(other);
    // The other organization's report stays out of reach, as before.
    expect((await download(theirs, `${route}/${id}/file/`)).status).toBe(404);
  }
}

beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Org One', 'one.example');
  b = await seedTenant(t, 'Org Two', 'two.example');
});
afterAll(() => t.close());

describe('a received file carrying reports of two organizations', () => {
  let zip: Buffer;

  it('serves each organization only its own zip member', async () => {
    zip = await writeZip([
      { name: 'one.xml', data: xml('z-1', 'one.example') },
      { name: 'two.xml', data: xml('z-2', 'two.example') },
    ]);
    const { result } = await ingestFile(t.db, { name: 'both.zip', bytes: zip, source: 'imap' });
    expect(result.status).toBe('imported');
    await expectOwnBytes('aggregate-reports', 'dmarc_reports', (x) => gunzipSync(x).toString(), zip);
    const own = await download(a, `aggregate-reports/${await idOf('dmarc_reports', 'one.example')}/file/`);
    expect(gunzipSync(own.bytes)).toEqual(xml('z-1', 'one.example'));
    expect(own.disposition).toContain('filename="one.xml.gz"');
  });

  it('serves each organization only its own attachment of a multi-part e-mail', async () => {
    const message = mail(
      [
        'Content-Type: text/plain\r\n\r\nReports for one.example and two.example.',
        attachment('application/gzip', 'one.xml.gz', gzipSync(xml('m-1', 'one.example'))),
        attachment('application/gzip', 'two.xml.gz', gzipSync(xml('m-2', 'two.example'))),
      ],
      'aggregate',
    );
    await ingestFile(t.db, { name: 'report.eml', bytes: message, source: 'smtp' });
    const id = await aggregateRow('m-1');
    const own = await download(a, `aggregate-reports/${id.id}/file/`);
    expect(own.bytes).toEqual(gzipSync(xml('m-1', 'one.example')));
    expect(gunzipSync(own.bytes).toString()).not.toContain('two.example');
    // The e-mail itself is kept for the operator only.
    expect(id.received_file_id).not.toBe(id.file_id);
    const received = await t.db
      .selectFrom('report_files')
      .select('content')
      .where('id', '=', id.received_file_id!)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(received.content)).toEqual(message);
  });

  it('serves each organization only its own TLS report of one e-mail', async () => {
    const message = mail(
      [
        attachment('application/tlsrpt+gzip', 'one.json.gz', gzipSync(tlsJson('t-1', 'one.example'))),
        attachment('application/tlsrpt+json', 'two.json', tlsJson('t-2', 'two.example')),
      ],
      'tls',
    );
    await ingestFile(t.db, { name: 'tls.eml', bytes: message, source: 'imap' });
    const read = (x: Buffer) => (x[0] === 0x1f ? gunzipSync(x) : x).toString();
    await expectOwnBytes('tls-reports', 'tls_reports', read, message);
  });

  it('serves each organization only its own failure report of one e-mail', async () => {
    const message = mail(
      [arfPart('one.example', '192.0.2.1'), arfPart('two.example', '198.51.100.2')],
      'ruf',
    );
    await ingestFile(t.db, { name: 'ruf.eml', bytes: message, source: 'imap' });
    await expectOwnBytes('failure-reports', 'failure_reports', (x) => x.toString('latin1'), message);
    const own = await download(b, `failure-reports/${await idOf('failure_reports', 'two.example')}/file/`);
    expect(own.bytes.toString('latin1')).not.toContain('192.0.2.1');
  });

  it('serves a lone report its received file, stored once', async () => {
    const gz = gzipSync(xml('lone', 'one.example'));
    await ingestFile(t.db, { name: 'lone.xml.gz', bytes: gz, source: 'upload' });
    const row = await aggregateRow('lone');
    expect(row.received_file_id).toBe(row.file_id);
    expect((await download(a, `aggregate-reports/${row.id}/file/`)).bytes).toEqual(gz);
  });

  it('migration 0038 gives reports stored before it their own bytes', async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: rows[0].schema,
    });
    expect((await migrator.migrateTo('0037_ingest_write_costs')).error).toBeUndefined();
    // As before the change: every report points at the file it arrived in.
    const { rows: old } = await sql<{ id: number; file_id: number; report_id: string }>`select id, file_id,
      report_id from dmarc_reports where report_id in ('z-1', 'z-2', 'm-1', 'm-2', 'lone')`.execute(t.db);
    const zipFile = await t.db
      .selectFrom('report_files')
      .select('id')
      .where('name', '=', 'both.zip')
      .executeTakeFirstOrThrow();
    expect(old.filter((r) => r.report_id.startsWith('z-')).map((r) => r.file_id)).toEqual([
      zipFile.id,
      zipFile.id,
    ]);
    // A report that no longer matches anything in its file loses its download instead of keeping the file.
    await sql`update dmarc_reports set report_id = 'renamed' where report_id = 'm-2'`.execute(t.db);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await expectOwnBytes('aggregate-reports', 'dmarc_reports', (x) => gunzipSync(x).toString(), zip);
    const after = await t.db
      .selectFrom('dmarc_reports')
      .select(['report_id', 'file_id', 'received_file_id'])
      .where('report_id', 'in', ['renamed', 'lone', 'm-1'])
      .orderBy('report_id')
      .execute();
    const by = Object.fromEntries(after.map((r) => [r.report_id, r]));
    expect(by.renamed.file_id).toBeNull();
    expect(by.renamed.received_file_id).not.toBeNull();
    expect(by.lone.file_id).toBe(by.lone.received_file_id);
    const renamed = await t.db
      .selectFrom('dmarc_reports')
      .select('id')
      .where('report_id', '=', 'renamed')
      .executeTakeFirstOrThrow();
    expect((await download(b, `aggregate-reports/${renamed.id}/file/`)).status).toBe(404);
    const { rows: m1Row } = await sql<{
      id: number;
    }>`select id from dmarc_reports where report_id = 'm-1'`.execute(t.db);
    expect((await download(a, `aggregate-reports/${m1Row[0].id}/file/`)).bytes).toEqual(
      gzipSync(xml('m-1', 'one.example')),
    );
    await expectOwnBytes('failure-reports', 'failure_reports', (x) => x.toString('latin1'), Buffer.alloc(0));
  });
});
