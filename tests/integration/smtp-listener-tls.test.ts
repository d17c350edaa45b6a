import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { reportAddress } from '../../server/mail/report-address';
import { startSmtpListener, type SmtpListenerOptions } from '../../server/mail/inbound/smtp-listener';
import { reportXml } from '../fixtures/dmarc/build-report';
import { makeOrganization } from './ingest-helpers';
import { openTestDatabase, type TestDatabase } from './support/db';

// The report listener as the internet meets it: STARTTLS from certificate files made here with
// openssl (a renewed one is used from the next connection), the message size cap, per-client connection and
// message limits, and unknown recipients refused at RCPT time; nodemailer is the client, on loopback.

const logger = pino({ level: 'silent' });
const addressing = { domain: 'reports.msas-test.net', receivesMail: true };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-smtp-tls-'));
const certFile = path.join(dir, 'cert.pem');
const keyFile = path.join(dir, 'key.pem');
let t: TestDatabase;
let address: string;

function makeCertificate(name: string): string {
  const cert = path.join(dir, `${name}.pem`);
  const key = path.join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=DNS:${name}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return name;
}
/** Puts a certificate in place the way an ACME client does: new files renamed over the old. */
function install(name: string) {
  fs.copyFileSync(path.join(dir, `${name}.key`), `${keyFile}.new`);
  fs.copyFileSync(path.join(dir, `${name}.pem`), `${certFile}.new`);
  fs.renameSync(`${keyFile}.new`, keyFile);
  fs.renameSync(`${certFile}.new`, certFile);
}
const trusting = (port: number, name: string) =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    requireTLS: true,
    tls: { ca: [fs.readFileSync(path.join(dir, `${name}.pem`))], servername: name },
  });
const reportMail = (id: string, to: string) => ({
  from: 'noreply-dmarc@reporter.example',
  to,
  subject: `Report Domain: tls-in.example Report-ID: ${id}`,
  text: 'A DMARC aggregate report.',
  attachments: [
    {
      filename: `r!tls-in.example!${id}.xml.gz`,
      content: gzipSync(reportXml({ reportId: id, domain: 'tls-in.example' })),
    },
  ],
});
const listen = (extra: Partial<SmtpListenerOptions> = {}) =>
  startSmtpListener({ db: t.db, logger, port: 0, addressing, tls: { certFile, keyFile }, ...extra });

beforeAll(async () => {
  t = await openTestDatabase();
  const org = await makeOrganization(t.db, 'Tls', ['tls-in.example']);
  const row = await t.db
    .selectFrom('organizations')
    .select('report_slug')
    .where('id', '=', org.id)
    .executeTakeFirstOrThrow();
  address = reportAddress(row.report_slug, addressing);
  makeCertificate('mx-a.msas-test.net');
  makeCertificate('mx-b.msas-test.net');
  install('mx-a.msas-test.net');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SMTP listener over STARTTLS', () => {
  it('stores a report sent over STARTTLS to the organization address, and picks up a renewed certificate', async () => {
    const listener = await listen();
    try {
      const a = trusting(listener.port, 'mx-a.msas-test.net');
      const sent = await a.sendMail(reportMail('tls-1', address));
      expect(sent.response).toMatch(/^250 .*Report stored/);
      const stored = await t.db
        .selectFrom('dmarc_reports')
        .select(['source', 'organization_id'])
        .where('report_id', '=', 'tls-1')
        .executeTakeFirstOrThrow();
      expect(stored.source).toBe('smtp');
      a.close();

      install('mx-b.msas-test.net');
      // The next connection presents the new certificate: a client trusting only the old one refuses it.
      const old = trusting(listener.port, 'mx-a.msas-test.net');
      await expect(old.sendMail(reportMail('tls-2', address))).rejects.toThrow();
      old.close();
      const b = trusting(listener.port, 'mx-b.msas-test.net');
      expect((await b.sendMail(reportMail('tls-2', address))).response).toMatch(/^250 /);
      b.close();
    } finally {
      install('mx-a.msas-test.net');
      await listener.close();
    }
  });

  it('does not start without its certificate files, naming the one missing', async () => {
    await expect(listen({ tls: { certFile: path.join(dir, 'missing.pem'), keyFile } })).rejects.toThrow(
      /Cannot read the STARTTLS certificate or key: .*missing\.pem/,
    );
  });

  it('refuses an unknown recipient at RCPT time with 550 5.1.1', async () => {
    const listener = await listen();
    const client = trusting(listener.port, 'mx-a.msas-test.net');
    try {
      const unknown = `${'0'.repeat(20)}@reports.msas-test.net`;
      for (const to of [
        unknown,
        'postmaster@reports.msas-test.net',
        `${address.split('@')[0]}@elsewhere.example`,
      ]) {
        const err = await client.sendMail(reportMail('tls-unknown', to)).catch((e: unknown) => e);
        expect(err).toMatchObject({ responseCode: 550, response: expect.stringMatching(/^550 5\.1\.1 /) });
      }
      const stored = await t.db
        .selectFrom('dmarc_reports')
        .select('id')
        .where('report_id', '=', 'tls-unknown')
        .execute();
      expect(stored).toEqual([]);
    } finally {
      client.close();
      await listener.close();
    }
  });

  it('refuses a message over the size cap with 552', async () => {
    const listener = await listen({ maxMessageBytes: 16 * 1024 });
    const client = trusting(listener.port, 'mx-a.msas-test.net');
    try {
      const big = { ...reportMail('tls-big', address), text: 'x'.repeat(64 * 1024) };
      await expect(client.sendMail(big)).rejects.toMatchObject({ responseCode: 552 });
    } finally {
      client.close();
      await listener.close();
    }
  });

  it('limits messages per minute and open connections per client', async () => {
    const listener = await listen({ messagesPerMinute: 2, maxConnectionsPerClient: 2 });
    try {
      const client = trusting(listener.port, 'mx-a.msas-test.net');
      await client.sendMail(reportMail('tls-rate-1', address));
      await client.sendMail(reportMail('tls-rate-2', address));
      await expect(client.sendMail(reportMail('tls-rate-3', address))).rejects.toMatchObject({
        responseCode: 451,
      });
      client.close();

      const banner = (socket: net.Socket) =>
        new Promise<string>((resolve) => socket.once('data', (d) => resolve(String(d))));
      const open = [0, 1, 2].map(() => net.connect(listener.port, '127.0.0.1'));
      const greetings = await Promise.all(open.map(banner));
      expect(greetings.filter((g) => g.startsWith('220 ')).length).toBe(2);
      expect(greetings.filter((g) => g.startsWith('421 4.7.0')).length).toBe(1);
      for (const s of open) s.destroy();
    } finally {
      await listener.close();
    }
  });
});
