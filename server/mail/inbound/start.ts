import type { AppContext } from '../../context';
import { startSmtpListener } from './smtp-listener';

// The SMTP report listener when INBOUND_SMTP_PORT is set, started where the background jobs run
// (`msas serve` without --no-jobs, or `msas worker`). The mailbox polls are a job of the queue
// (poll-job.ts, server/jobs/registry.ts), so one process polls a mailbox at a time.
export async function startInboundSources(ctx: AppContext): Promise<{ stop: () => Promise<void> }> {
  const { inbound } = ctx.config;
  if (!inbound.smtpPort) return { stop: async () => {} };
  const smtp = await startSmtpListener({
    db: ctx.db,
    logger: ctx.logger,
    port: inbound.smtpPort,
    host: inbound.smtpHost,
    addressing: ctx.config.reportAddress,
    tls: inbound.smtp.tls,
    maxMessageBytes: inbound.smtp.maxMessageBytes,
    maxConnectionsPerClient: inbound.smtp.maxConnectionsPerClient,
    messagesPerMinute: inbound.smtp.messagesPerMinute,
  });
  ctx.logger.info({ port: smtp.port, starttls: !!inbound.smtp.tls }, 'SMTP report listener started');
  return { stop: smtp.close };
}
