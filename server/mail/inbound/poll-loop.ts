import type { AppContext } from '../../context';
import { envTarget, pollMailbox } from './imap-poller';
import { pollOrganizationMailboxes } from './org-mailboxes';

// Every intervalSeconds (never two rounds at once): the operator's mailbox (IMAP_URL) if configured, then
// every organization's own rua mailbox from its settings.
export function startMailboxPolling(ctx: AppContext) {
  const { inbound, encryptionKey } = ctx.config;
  const defaults = {
    processedFolder: inbound.imapProcessedFolder,
    failedFolder: inbound.imapFailedFolder,
    maxAttempts: inbound.imapMaxAttempts,
  };
  const round = async () => {
    if (inbound.imapUrl) {
      await pollMailbox(
        ctx.db,
        ctx.logger,
        envTarget({ url: inbound.imapUrl, ...defaults, addressing: ctx.config.reportAddress }),
      ).catch((err: unknown) => ctx.logger.error({ err }, 'mailbox poll failed'));
    }
    await pollOrganizationMailboxes(ctx.db, ctx.logger, encryptionKey, defaults, ctx.now);
  };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = round()
      .catch((err: unknown) => ctx.logger.error({ err }, 'organization mailbox polls failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, inbound.imapPollSeconds * 1000);
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
