import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { decryptSecret } from '../../lib/crypto';
import type { StoredSettings } from '../../modules/settings';
import { pollMailbox, type MailboxTarget, type PollHooks } from './imap-poller';
import { okStatus, publicError, writePollStatus } from './mailbox-state';

// Organizations' own rua mailboxes (Settings → Dynamic Settings: host, port, username, password, TLS,
// folder). Each is polled like the operator's mailbox, feeds only its organization's domains, and after
// each poll its time and status ("ok, N imported" or "error: <reason>", never the password) are written
// where the settings page reads them.

export type FolderDefaults = { processedFolder: string; failedFolder: string; maxAttempts: number };

type Configured =
  { organizationId: number; target: MailboxTarget } | { organizationId: number; error: string };

export async function organizationMailboxes(
  db: Db,
  encryptionKey: Buffer,
  defaults: FolderDefaults,
): Promise<Configured[]> {
  const rows = await db.selectFrom('organizations').select(['id', 'settings']).orderBy('id').execute();
  const out: Configured[] = [];
  for (const row of rows) {
    const m = (row.settings as StoredSettings | null)?.rua_mailbox;
    if (!m?.host || !m.username) continue;
    let pass: string;
    try {
      pass = m.password_enc ? decryptSecret(encryptionKey, m.password_enc) : '';
    } catch {
      out.push({ organizationId: row.id, error: 'the stored password cannot be read; enter it again' });
      continue;
    }
    const tls = m.tls ?? true;
    out.push({
      organizationId: row.id,
      target: {
        key: `organization:${row.id}`,
        connection: {
          host: m.host,
          port: m.port ?? (tls ? 993 : 143),
          secure: tls,
          user: m.username,
          pass,
          folder: m.folder || 'INBOX',
        },
        ...defaults,
        onlyOrganization: row.id,
      },
    });
  }
  return out;
}

/** Polls every configured organization mailbox once, one after the other; a broken one never stops the rest. */
export async function pollOrganizationMailboxes(
  db: Db,
  logger: Logger,
  encryptionKey: Buffer,
  defaults: FolderDefaults,
  now: () => Date,
  hooks: PollHooks = {},
): Promise<void> {
  for (const item of await organizationMailboxes(db, encryptionKey, defaults)) {
    let status: string;
    if ('error' in item) status = `error: ${item.error}`;
    else {
      try {
        const result = await pollMailbox(db, logger, item.target, hooks);
        status = okStatus(result.imported, result.failed);
      } catch (err) {
        logger.warn({ err, organizationId: item.organizationId }, 'organization mailbox poll failed');
        status = `error: ${publicError(err, [item.target.connection.pass])}`;
      }
    }
    await writePollStatus(db, item.organizationId, now(), status);
  }
}
