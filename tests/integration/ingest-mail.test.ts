import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { startDovecot, type Dovecot } from '../../scripts/services/dovecot';
import { encryptSecret } from '../../server/lib/crypto';
import { envTarget, pollMailbox } from '../../server/mail/inbound/imap-poller';
import { pollOrganizationMailboxes } from '../../server/mail/inbound/org-mailboxes';
import { settingsView } from '../../server/modules/settings/service';
import { startSmtpListener, type SmtpListener } from '../../server/mail/inbound/smtp-listener';
import type { FileResult } from '../../server/ingest/types';
import { reportXml } from '../fixtures/dmarc/build-report';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { openTestDatabase, type TestDatabase } from './support/db';
import { makeOrganization, tableCounts } from './ingest-helpers';

// Reports arriving by mail: the SMTP listener for the rua address, and the IMAP mailbox poller against a real
// Dovecot on loopback (TEST_IMAP_URL from npm run test:all, or one started here through scripts/services).

const logger = pino({ level: 'silent' });
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
  await makeOrganization(t.db, 'Mail', ['mail-in.example', 'stalw.art']);
});
afterAll(() => t.close());

const reportMail = (id: string, to = 'dmarc@mail-in.example', domain = 'mail-in.example') => ({
  from: 'noreply-dmarc@reporter.example',
  to,
  subject: `Report Domain: ${domain} Report-ID: ${id}`,
  text: 'This is a DMARC aggregate report.',
  attachments: [
    {
      filename: `reporter.example!${domain}!${id}.xml.gz`,
      content: gzipSync(
        reportXml({
          reportId: id,
          domain,
          records: [{}, { ip: '192.0.2.77', count: '4' }],
        }),
      ),
      contentType: 'application/gzip',
    },
  ],
});

describe('SMTP listener', () => {
  let listener: SmtpListener;
  const seen: FileResult[] = [];
  beforeAll(async () => {
    listener = await startSmtpListener({ db: t.db, logger, port: 0, onResult: (r) => seen.push(r) });
  });
  afterAll(() => listener.close());

  it('stores a report mailed to it over real SMTP, once', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: listener.port,
      secure: false,
      ignoreTLS: true,
    });
    const before = await tableCounts(t.db);
    const first = await transport.sendMail(reportMail('smtp-1'));
    expect(first.response).toMatch(/^250 .*Report stored/);
    expect(seen.at(-1)).toMatchObject({
      status: 'imported',
      kind: 'aggregate',
      report_id: 'smtp-1',
      records: 2,
      messages: 5,
    });
    const stored = await t.db
      .selectFrom('dmarc_reports')
      .selectAll()
      .where('report_id', '=', 'smtp-1')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ source: 'smtp', domain: 'mail-in.example', records_count: 2 });
    expect(stored.organization_id).not.toBeNull();
    const afterFirst = await tableCounts(t.db);
    expect(afterFirst.dmarc_records - before.dmarc_records).toBe(2);

    // Re-delivery of the same report (the reporter's MTA retried): accepted, nothing new stored.
    await transport.sendMail(reportMail('smtp-1'));
    expect(seen.at(-1)?.status).toBe('duplicate');
    expect(await tableCounts(t.db)).toEqual(afterFirst);

    const junk = await transport.sendMail({
      from: 'a@b.example',
      to: 'dmarc@mail-in.example',
      subject: 'hi',
      text: 'no report here',
    });
    expect(junk.response).toMatch(/^250 /);
    expect(seen.at(-1)?.status).toBe('rejected');
    transport.close();
  });
});

describe('IMAP mailbox', () => {
  let dovecot: Dovecot | null = null;
  let url: string;
  beforeAll(async () => {
    if (process.env.TEST_IMAP_URL) url = process.env.TEST_IMAP_URL;
    else {
      dovecot = await startDovecot({ port: 1190 });
      url = dovecot.url;
    }
  }, 60_000);
  afterAll(async () => {
    await dovecot?.stop();
  });

  const client = () => {
    const u = new URL(url);
    return new ImapFlow({
      host: u.hostname,
      port: Number(u.port),
      secure: false,
      auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
      logger: false,
    });
  };
  const raw = async (mail: ReturnType<typeof reportMail>) => {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
    return (await composer.sendMail(mail)).message as Buffer;
  };
  const folderCount = async (c: ImapFlow, folder: string) => {
    try {
      const s = await c.status(folder, { messages: true });
      return s ? (s.messages ?? 0) : 0;
    } catch {
      return 0;
    }
  };

  it('imports each message, moves it to processed after the commit, and to failed after repeated failures', async () => {
    const c = client();
    await c.connect();
    const inbox = decodeURIComponent(new URL(url).pathname.slice(1)) || 'INBOX';
    const base = { processed: await folderCount(c, 'processed'), failed: await folderCount(c, 'failed') };
    await c.append(inbox, await raw(reportMail('imap-1')));
    await c.append(
      inbox,
      fs.readFileSync(path.join(samplesDir, 'mail-auth/resources/dmarc-feedback/103.eml')),
    );
    await c.append(inbox, await raw(reportMail('imap-crash')));
    await c.append(inbox, await raw(reportMail('imap-1')));

    const target = envTarget({ url, processedFolder: 'processed', failedFolder: 'failed', maxAttempts: 2 });
    // The third message crashes between fetch and commit every time: it must stay, then go to failed.
    const crashing = {
      beforeStore: (_uid: number, source: Buffer) => {
        if (source.includes('imap-crash')) throw new Error('injected crash');
      },
    };
    const before = await tableCounts(t.db);
    const first = await pollMailbox(t.db, logger, target, crashing);
    expect(first).toMatchObject({
      processed: 3,
      failed: 0,
      retried: 1,
      results: ['imported', 'imported', 'duplicate'],
    });
    expect(await folderCount(c, inbox)).toBe(1);
    expect(await folderCount(c, 'processed')).toBe(base.processed + 3);
    const after = await tableCounts(t.db);
    expect(after.dmarc_reports - before.dmarc_reports).toBe(2);

    // The failure count is in the database (mailbox_state), not in the poller: a restart keeps it.
    const state = await t.db.selectFrom('mailbox_state').selectAll().where('mailbox', '=', 'env').execute();
    expect(state).toHaveLength(1);
    expect(state[0]).toMatchObject({ failures: 1, last_error: 'injected crash' });
    const second = await pollMailbox(t.db, logger, { ...target }, crashing);
    expect(second).toMatchObject({ processed: 0, failed: 1 });
    expect(await folderCount(c, inbox)).toBe(0);
    expect(await folderCount(c, 'failed')).toBe(base.failed + 1);
    expect(await tableCounts(t.db)).toEqual(after);
    expect(await t.db.selectFrom('mailbox_state').selectAll().execute()).toEqual([]);
    await c.logout();
  }, 60_000);

  it("polls an organization's own mailbox and writes the last poll where the settings page reads it", async () => {
    const key = Buffer.alloc(32, 7);
    const u = new URL(url);
    const password = decodeURIComponent(u.password);
    const org = await makeOrganization(t.db, 'Own Mailbox', ['own-box.example']);
    const c = client();
    await c.connect();
    await c.mailboxCreate('OwnBox').catch(() => undefined);
    await c.append('OwnBox', await raw(reportMail('own-1', 'dmarc@own-box.example', 'own-box.example')));
    // A report for another tenant's domain: an organization's mailbox feeds only its own domains.
    await c.append('OwnBox', await raw(reportMail('own-foreign')));
    const mailbox = (pass: string) => ({
      host: u.hostname,
      port: Number(u.port),
      tls: false,
      username: decodeURIComponent(u.username),
      password_enc: encryptSecret(key, pass),
      folder: 'OwnBox',
    });
    const setMailbox = (pass: string) =>
      t.db
        .updateTable('organizations')
        .set({ settings: JSON.stringify({ retention_days: 9, rua_mailbox: mailbox(pass) }) })
        .where('id', '=', org.id)
        .execute();
    const view = async () =>
      settingsView(
        await t.db.selectFrom('organizations').selectAll().where('id', '=', org.id).executeTakeFirstOrThrow(),
      ).rua_mailbox;
    const defaults = { processedFolder: 'processed', failedFolder: 'failed', maxAttempts: 3 };
    const at = new Date('2030-01-02T03:04:05Z');

    await setMailbox(password);
    await pollOrganizationMailboxes(t.db, logger, key, defaults, () => at);
    expect(await view()).toMatchObject({
      last_poll_at: at.toISOString(),
      last_poll_status: 'ok, 1 imported',
    });
    expect(await folderCount(c, 'OwnBox')).toBe(0);
    const stored = await t.db
      .selectFrom('dmarc_reports')
      .select(['report_id', 'organization_id'])
      .where('report_id', 'like', 'own-%')
      .execute();
    expect(stored).toEqual([{ report_id: 'own-1', organization_id: org.id }]);

    // A wrong password: the error is written, never the password, and the other settings are untouched.
    await setMailbox('wrong-secret-password');
    await pollOrganizationMailboxes(t.db, logger, key, defaults, () => at);
    const failed = await view();
    expect(failed.last_poll_status).toMatch(/^error: /);
    expect(failed.last_poll_status).not.toContain('wrong-secret-password');
    const row = await t.db
      .selectFrom('organizations')
      .select('settings')
      .where('id', '=', org.id)
      .executeTakeFirstOrThrow();
    expect(row.settings).toMatchObject({ retention_days: 9, rua_mailbox: { folder: 'OwnBox', tls: false } });
    await c.logout();
  }, 60_000);
});
