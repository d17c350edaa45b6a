import type { AppContext } from '../../context';
import { startImapPoller } from './imap-poller';
import { startSmtpListener } from './smtp-listener';

// The inbound report sources that are configured (IMAP_URL, INBOUND_SMTP_PORT), started where the background
// jobs run (`msas serve` without --no-jobs, or `msas worker`), so only one process polls the mailbox.
export async function startInboundSources(ctx: AppContext): Promise<{ stop: () => Promise<void> }> {
  const { inbound } = ctx.config;
  const stops: (() => Promise<void>)[] = [];
  if (inbound.smtpPort) {
    const smtp = await startSmtpListener({
      db: ctx.db,
      logger: ctx.logger,
      port: inbound.smtpPort,
      host: inbound.smtpHost,
    });
    ctx.logger.info({ port: smtp.port }, 'SMTP report listener started');
    stops.push(smtp.close);
  }
  if (inbound.imapUrl) {
    const poller = startImapPoller(
      ctx.db,
      ctx.logger,
      {
        url: inbound.imapUrl,
        processedFolder: inbound.imapProcessedFolder,
        failedFolder: inbound.imapFailedFolder,
        maxAttempts: inbound.imapMaxAttempts,
      },
      inbound.imapPollSeconds,
    );
    stops.push(poller.stop);
  }
  return { stop: async () => void (await Promise.all(stops.map((s) => s()))) };
}
