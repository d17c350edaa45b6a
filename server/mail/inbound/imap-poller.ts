import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { ingestFile } from '../../ingest/ingest-file';
import { organizationsAddressed } from '../../ingest/recipients';
import { headerRecipients, type ReportAddressing } from '../report-address';
import { forgetMessage, publicError, recordFailure, type MessageKey } from './mailbox-state';

// Polls a rua mailbox. Each message is imported whole (the parser finds the report attachments); only
// after its reports are committed is it moved to the processed folder. A message whose import fails stays
// where it is and is tried again at the next poll; after maxAttempts failures (IMAP_MAX_ATTEMPTS, default 3),
// counted in the database so a restart does not reset them, it moves to the failed folder.
// Nothing is ever deleted: MOVE (RFC 6851) or, on old servers, COPY + \Deleted + EXPUNGE done by imapflow.
// The operator's mailbox routes a message by the organizations' report addresses in its Delivered-To,
// X-Original-To, To and Cc headers first (server/ingest/ownership.ts); an organization's own mailbox is
// addressed to that organization.

/** The operator's mailbox from the environment (IMAP_URL and friends). */
export type ImapSettings = {
  url: string;
  processedFolder: string;
  failedFolder: string;
  maxAttempts: number;
  addressing?: ReportAddressing;
};

export type MailboxConnection = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  folder: string;
};

export type MailboxTarget = {
  /** Names the mailbox in mailbox_state: "env" or "organization:<id>". */
  key: string;
  connection: MailboxConnection;
  processedFolder: string;
  failedFolder: string;
  maxAttempts: number;
  /** An organization's own mailbox feeds only that organization's domains (like an upload). */
  onlyOrganization?: number;
  /** The operator's mailbox: how organizations' report addresses are spelt (REPORT_ADDRESS_DOMAIN). */
  addressing?: ReportAddressing;
};

export type PollResult = {
  imported: number;
  processed: number;
  failed: number;
  retried: number;
  results: string[];
};

export type PollHooks = { beforeStore?: (uid: number, source: Buffer) => void | Promise<void> };

export function envTarget(settings: ImapSettings): MailboxTarget {
  const u = new URL(settings.url);
  return {
    key: 'env',
    connection: {
      host: u.hostname,
      port: Number(u.port) || (u.protocol === 'imaps:' ? 993 : 143),
      secure: u.protocol === 'imaps:',
      user: decodeURIComponent(u.username),
      pass: decodeURIComponent(u.password),
      folder: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'INBOX',
    },
    processedFolder: settings.processedFolder,
    failedFolder: settings.failedFolder,
    maxAttempts: settings.maxAttempts,
    addressing: settings.addressing,
  };
}

async function addressedTo(db: Db, target: MailboxTarget, source: Buffer): Promise<number[]> {
  if (target.onlyOrganization !== undefined) return [target.onlyOrganization];
  if (!target.addressing) return [];
  return organizationsAddressed(db, headerRecipients(source), target.addressing);
}

async function ensureFolder(client: ImapFlow, name: string) {
  const list = await client.list();
  if (!list.some((m) => m.path === name)) await client.mailboxCreate(name);
}

export async function pollMailbox(
  db: Db,
  logger: Logger,
  target: MailboxTarget,
  hooks: PollHooks = {},
): Promise<PollResult> {
  const { connection: c } = target;
  const client = new ImapFlow({
    host: c.host,
    port: c.port,
    secure: c.secure,
    auth: { user: c.user, pass: c.pass },
    logger: false,
  });
  const out: PollResult = { imported: 0, processed: 0, failed: 0, retried: 0, results: [] };
  await client.connect();
  try {
    await ensureFolder(client, target.processedFolder);
    await ensureFolder(client, target.failedFolder);
    const lock = await client.getMailboxLock(c.folder);
    try {
      const uidvalidity = client.mailbox ? String(client.mailbox.uidValidity) : '0';
      const uids = (await client.search({ all: true }, { uid: true })) || [];
      for (const uid of uids) {
        const key: MessageKey = { mailbox: target.key, uidvalidity, uid };
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) continue;
        try {
          await hooks.beforeStore?.(uid, message.source);
          const { result } = await ingestFile(
            db,
            { name: `imap-${uidvalidity}:${uid}.eml`, bytes: message.source, source: 'imap' },
            {
              onlyOrganization: target.onlyOrganization,
              addressedTo: await addressedTo(db, target, message.source),
            },
          );
          out.results.push(result.status);
          if (result.status === 'imported') out.imported += 1;
          await client.messageMove(String(uid), target.processedFolder, { uid: true });
          await forgetMessage(db, key);
          out.processed += 1;
          logger.info({ uid, status: result.status, reason: result.reason }, 'mailbox report imported');
        } catch (err) {
          // The database itself may be what failed: then nothing is counted and the message simply stays.
          const n = await recordFailure(db, key, publicError(err, [c.pass])).catch(() => 0);
          logger.error({ err, uid, attempt: n, mailbox: target.key }, 'importing a mailbox message failed');
          if (n >= target.maxAttempts) {
            await client.messageMove(String(uid), target.failedFolder, { uid: true });
            await forgetMessage(db, key);
            out.failed += 1;
          } else out.retried += 1;
        }
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return out;
}
