import type { Job } from '../../jobs/job';
import { envTarget, pollMailbox } from './imap-poller';
import { pollOrganizationMailboxes } from './org-mailboxes';

// Every IMAP_POLL_INTERVAL, on one job process at a time: the operator's mailbox (IMAP_URL) if configured,
// then every organization's own rua mailbox from its settings. It talks to IMAP servers, so it runs outside
// a transaction (on PGlite a transaction would hold the only connection while it waits on the network).
export function mailboxPollJob(): Job {
  return {
    name: 'poll-mailboxes',
    intervalMs: (config) => config.inbound.imapPollSeconds * 1000,
    inTransaction: false,
    expireInSeconds: 3600,
    run: async ({ db, logger, config, now }) => {
      const { inbound, encryptionKey } = config;
      const defaults = {
        processedFolder: inbound.imapProcessedFolder,
        failedFolder: inbound.imapFailedFolder,
        maxAttempts: inbound.imapMaxAttempts,
      };
      if (inbound.imapUrl) {
        await pollMailbox(
          db,
          logger,
          envTarget({ url: inbound.imapUrl, ...defaults, addressing: config.reportAddress }),
        ).catch((err: unknown) => logger.error({ err }, 'mailbox poll failed'));
      }
      await pollOrganizationMailboxes(db, logger, encryptionKey, defaults, now);
    },
  };
}
