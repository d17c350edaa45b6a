import { ConfigError } from './config-fields';
import type { Env } from './config';
import { defaultReportAddressing, type ReportAddressing } from './mail/report-address';
import { withReceivability } from './mail/report-domain';

// Where reports come in (the SMTP listener, the report address) and where an operator looks in (metrics);
// each refuses to start with half of its settings.

export type InboundSmtpSettings = {
  /** PEM certificate chain and key for STARTTLS (RFC 3207), read again when the files change. */
  tls: { certFile: string; keyFile: string } | undefined;
  maxMessageBytes: number;
  maxConnectionsPerClient: number;
  /** Messages one client IP may send per minute; more get 421 (RFC 5321 section 4.2.2). */
  messagesPerMinute: number;
};

export function parseInboundSmtp(e: Env): InboundSmtpSettings {
  const cert = e.INBOUND_SMTP_TLS_CERT;
  const key = e.INBOUND_SMTP_TLS_KEY;
  if (!!cert !== !!key)
    throw new ConfigError(
      `Invalid setting ${cert ? 'INBOUND_SMTP_TLS_KEY' : 'INBOUND_SMTP_TLS_CERT'}: STARTTLS needs both INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY`,
    );
  return {
    tls: cert && key ? { certFile: cert, keyFile: key } : undefined,
    maxMessageBytes: e.INBOUND_SMTP_MAX_MB * 1024 * 1024,
    maxConnectionsPerClient: e.INBOUND_SMTP_MAX_CONNECTIONS,
    messagesPerMinute: e.INBOUND_SMTP_RATE_LIMIT,
  };
}

/** The report address's spelling, whether mail can reach it, and the host its domain's MX names. */
export function parseReportAddress(e: Env, publicUrl: string): ReportAddressing {
  const fallback = defaultReportAddressing(e.IMAP_URL, publicUrl);
  const addressing = e.REPORT_ADDRESS_DOMAIN
    ? withReceivability(
        { domain: e.REPORT_ADDRESS_DOMAIN.toLowerCase(), prefix: e.REPORT_ADDRESS_PREFIX },
        true,
      )
    : withReceivability(
        { ...fallback, ...(e.REPORT_ADDRESS_PREFIX ? { prefix: e.REPORT_ADDRESS_PREFIX } : {}) },
        // The IMAP mailbox's own domain receives mail already; the PUBLIC_URL host is only a guess.
        fallback.prefix !== undefined,
      );
  const mxHost = (e.REPORT_MX_HOST ?? new URL(publicUrl).hostname).toLowerCase().replace(/\.$/, '');
  return { ...addressing, mxHost };
}

export type MetricsSettings = { port: number | undefined; token: string | undefined };

/** Prometheus metrics (docs/MONITORING.md): off unless METRICS_PORT or METRICS_TOKEN is set. */
export function parseMetrics(e: Env): MetricsSettings | undefined {
  if (!e.METRICS_PORT && !e.METRICS_TOKEN) return undefined;
  if (e.METRICS_PORT && e.PORT === e.METRICS_PORT)
    throw new ConfigError('Invalid setting METRICS_PORT: it must differ from PORT');
  return { port: e.METRICS_PORT, token: e.METRICS_TOKEN };
}
