import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { ingestFile } from '../../ingest/ingest-file';

// Polls the rua mailbox. Each message is imported whole (the parser finds the report attachments); only
// after its reports are committed is it moved to the processed folder. A message whose import fails stays
// where it is and is tried again at the next poll; after maxAttempts failures it moves to the failed folder.
// Nothing is ever deleted: MOVE (RFC 6851) or, on old servers, COPY + \Deleted + EXPUNGE done by imapflow.

export type ImapSettings = {
  url: string;
  processedFolder: string;
  failedFolder: string;
  maxAttempts: number;
};

export type PollResult = { processed: number; failed: number; retried: number; results: string[] };

/** Failed attempts per message (UIDVALIDITY:UID); kept by the poller across polls. */
export type AttemptLog = Map<string, number>;

function connection(url: string) {
  const u = new URL(url);
  return {
    client: new ImapFlow({
      host: u.hostname,
      port: Number(u.port) || (u.protocol === 'imaps:' ? 993 : 143),
      secure: u.protocol === 'imaps:',
      auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
      logger: false,
    }),
    mailbox: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

async function ensureFolder(client: ImapFlow, name: string) {
  const list = await client.list();
  if (!list.some((m) => m.path === name)) await client.mailboxCreate(name);
}

export async function pollMailbox(
  db: Db,
  logger: Logger,
  settings: ImapSettings,
  attempts: AttemptLog,
  hooks: { beforeStore?: (uid: number, source: Buffer) => void | Promise<void> } = {},
): Promise<PollResult> {
  const { client, mailbox } = connection(settings.url);
  const out: PollResult = { processed: 0, failed: 0, retried: 0, results: [] };
  await client.connect();
  try {
    await ensureFolder(client, settings.processedFolder);
    await ensureFolder(client, settings.failedFolder);
    const lock = await client.getMailboxLock(mailbox);
    try {
      const validity = client.mailbox ? String(client.mailbox.uidValidity) : '0';
      const uids = (await client.search({ all: true }, { uid: true })) || [];
      for (const uid of uids) {
        const key = `${validity}:${uid}`;
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message || !message.source) continue;
        try {
          await hooks.beforeStore?.(uid, message.source);
          const { result } = await ingestFile(db, {
            name: `imap-${key}.eml`,
            bytes: message.source,
            source: 'imap',
          });
          out.results.push(result.status);
          await client.messageMove(String(uid), settings.processedFolder, { uid: true });
          attempts.delete(key);
          out.processed += 1;
          logger.info({ uid, status: result.status, reason: result.reason }, 'mailbox report imported');
        } catch (err) {
          const n = (attempts.get(key) ?? 0) + 1;
          attempts.set(key, n);
          logger.error({ err, uid, attempt: n }, 'importing a mailbox message failed');
          if (n >= settings.maxAttempts) {
            await client.messageMove(String(uid), settings.failedFolder, { uid: true });
            attempts.delete(key);
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

/** Polls every intervalSeconds (never two polls at once) until stopped. */
export function startImapPoller(db: Db, logger: Logger, settings: ImapSettings, intervalSeconds: number) {
  const attempts: AttemptLog = new Map();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = pollMailbox(db, logger, settings, attempts)
      .catch((err: unknown) => logger.error({ err }, 'mailbox poll failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalSeconds * 1000);
      });
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
