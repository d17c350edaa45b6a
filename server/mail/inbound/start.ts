import type { AppContext } from '../../context';
import { startMailboxPolling } from './poll-loop';
import { startSmtpListener } from './smtp-listener';

// The inbound report sources: the SMTP listener when INBOUND_SMTP_PORT is set, and the mailbox polls
// (IMAP_URL, organizations' own mailboxes: poll-loop.ts), started where the background
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
      addressing: ctx.config.reportAddress,
    });
    ctx.logger.info({ port: smtp.port }, 'SMTP report listener started');
    stops.push(smtp.close);
  }
  // Also without IMAP_URL: organizations may configure their own mailbox in their settings.
  stops.push(startMailboxPolling(ctx).stop);
  return { stop: async () => void (await Promise.all(stops.map((s) => s()))) };
}
