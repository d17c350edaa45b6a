import path from 'node:path';
import { z } from 'zod';
import { isListSetting } from './checks/dnsbl/zones';
import { packageFile } from './lib/server-files';
import type { ReportAddressing } from './mail/report-address';
import type { TrackerSettings } from './lib/trackers';
import { defaultRecaptchaVerifyUrl, type ReputationSettings } from './modules/reputation';

import {
  ConfigError,
  duration,
  email,
  flag,
  looseEmail,
  optionalText,
  port,
  positiveInt,
  secret,
  url,
  wholeNumber,
} from './config-fields';
import {
  parseBilling,
  parsePowerDns,
  parseTrackers,
  type BillingSettings,
  type PowerDnsSettings,
} from './config-integrations';
import {
  parseInboundSmtp,
  parseMetrics,
  parseReportAddress,
  type InboundSmtpSettings,
  type MetricsSettings,
} from './config-inbound';

// Every setting of the server, read once from the environment (and .env through dotenv in loadConfig).
const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: port(8080),
  HOST: optionalText.transform((v) => v ?? '127.0.0.1'),
  DATA_DIR: optionalText.transform((v) => path.resolve(v ?? './data')),
  // By default the interface built beside the server (dist/ of the checkout or release), wherever msas runs.
  STATIC_DIR: optionalText.transform((v) => (v === undefined ? packageFile('dist') : path.resolve(v))),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// URL'),
  DATABASE_READ_URL: url(['postgres:', 'postgresql:'], 'a postgres:// URL'),
  DATABASE_READ_MAX_LAG_SECONDS: wholeNumber(30),
  JWT_SECRET: secret(32),
  ENCRYPTION_KEY: optionalText.refine(
    (v) => v === undefined || /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
    'expected 32 bytes as 64 hex digits or base64',
  ),
  ACCESS_TOKEN_TTL: duration('15m'),
  REFRESH_TOKEN_TTL: duration('7d'),
  MSAS_ADMIN_EMAIL: email('admin@localhost'),
  MSAS_ADMIN_PASSWORD: optionalText.refine(
    (v) => v === undefined || v.length >= 8,
    'expected at least 8 characters',
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional()
    .transform((v) => v ?? 'info'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: email('msas@localhost'),
  MAIL_BUDGET_PER_HOUR: positiveInt(300),
  OPERATOR_EMAIL: email('admin@localhost'),
  CHECKS_PORT: port(undefined),
  CHECKS_CACHE_SECONDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const n = v === undefined || v === '' ? 60 : Number(v);
      if (Number.isInteger(n) && n >= 0) return n;
      ctx.addIssue({ code: 'custom', message: 'expected a whole number of seconds (0 turns the cache off)' });
      return z.NEVER;
    }),
  CHECKS_RATE_LIMIT: positiveInt(30),
  CHECKS_NS_PORT: port(53),
  MTA_STS_PORT: port(443),
  MTA_STS_CA_FILE: optionalText,
  CHECKS_ALLOW_PRIVATE_TARGETS: flag,
  DNSSEC_RESOLVER: optionalText.refine(
    (v) => v === undefined || /^(\[[0-9a-f:.]+\]|[0-9.]+)(:\d{1,5})?$/i.test(v),
    'expected a validating resolver as host:port, e.g. 127.0.0.1:53',
  ),
  SMTP_CHECK_PORT: port(25),
  CHECK_INTERVAL_HOURS: wholeNumber(24),
  PUBLIC_URL: url(['http:', 'https:'], 'an http:// or https:// URL'),
  LOGIN_RATE_LIMIT: positiveInt(5),
  LOGIN_RATE_LIMIT_IP: positiveInt(20),
  CONTACT_RATE_LIMIT: positiveInt(5),
  DIGEST_SEND_NOW_LIMIT: positiveInt(3),
  DIGEST_SEND_NOW_ORGANIZATION_LIMIT: positiveInt(10),
  INVITATION_RESEND_LIMIT: positiveInt(3),
  INVITATION_ORGANIZATION_LIMIT: positiveInt(20),
  RECIPIENT_CONFIRMATION_LIMIT: positiveInt(20),
  UPLOAD_MEMORY_MB: positiveInt(512),
  DNSBL_ZONES: optionalText.refine((v) => v === undefined || isListSetting(v), 'expected zone[:allow],...'),
  DNSBL_TIMEOUT_MS: positiveInt(2000),
  REPUTATION_ZONE: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_VERIFY_URL: url(['http:', 'https:'], 'an http:// or https:// URL'),
  DELIST_EMAIL: optionalText.refine(
    (v) => v === undefined || looseEmail.test(v),
    'expected an email address',
  ),
  GEOIP_CITY_DB: optionalText,
  GEOIP_ASN_DB: optionalText,
  IMAP_URL: url(['imap:', 'imaps:'], 'an imap:// or imaps:// URL'),
  IMAP_PROCESSED_FOLDER: optionalText.transform((v) => v ?? 'processed'),
  IMAP_FAILED_FOLDER: optionalText.transform((v) => v ?? 'failed'),
  IMAP_POLL_INTERVAL: duration('5m'),
  IMAP_MAX_ATTEMPTS: positiveInt(3),
  INBOUND_SMTP_PORT: port(undefined),
  INBOUND_SMTP_HOST: optionalText.transform((v) => v ?? '127.0.0.1'),
  INBOUND_SMTP_TLS_CERT: optionalText,
  INBOUND_SMTP_TLS_KEY: optionalText,
  INBOUND_SMTP_MAX_MB: positiveInt(50),
  INBOUND_SMTP_MAX_CONNECTIONS: positiveInt(5),
  INBOUND_SMTP_RATE_LIMIT: positiveInt(30),
  REPORT_MX_HOST: optionalText.refine(
    (v) =>
      v === undefined ||
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+\.?$/i.test(v),
    'expected the host name of the SMTP listener, such as mx.example.com',
  ),
  // Prometheus metrics (docs/MONITORING.md): on their own port, or on PORT behind a bearer token.
  METRICS_PORT: port(undefined),
  METRICS_TOKEN: optionalText.refine(
    (v) => v === undefined || v.length >= 16,
    'expected at least 16 characters',
  ),
  REPORT_ADDRESS_DOMAIN: optionalText.refine(
    (v) =>
      v === undefined || /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i.test(v),
    'expected a domain name such as reports.example.com',
  ),
  REPORT_ADDRESS_PREFIX: optionalText.refine(
    (v) => v === undefined || /^[a-z0-9._-]{1,40}$/i.test(v),
    'expected the local part before "+", such as dmarc',
  ),
  // The job queue (pg-boss, server/jobs/): how often an idle worker asks for work, how often expired jobs
  // are handed back, and how long a stopping worker waits for its running jobs.
  JOBS_POLL_INTERVAL: duration('2s'),
  JOBS_MAINTENANCE_INTERVAL: duration('60s'),
  JOBS_STOP_TIMEOUT: duration('30s'),
  WORKER_HEALTH_PORT: port(undefined),
  // DNS hosting through PowerDNS Authoritative's HTTP API (docs/DNS.md): both or neither.
  PDNS_API_URL: url(['http:', 'https:'], 'an http:// or https:// URL such as http://127.0.0.1:8081'),
  PDNS_API_KEY: optionalText,
  PDNS_TIMEOUT_MS: positiveInt(5000),
  PDNS_NAMESERVERS: optionalText.refine(
    (v) => v === undefined || v.split(',').every((n) => /^[a-z0-9.-]+\.?$/i.test(n.trim())),
    'expected host names separated by commas, e.g. ns1.example.com,ns2.example.com',
  ),
  // Billing through Stripe (docs/BILLING.md): off unless STRIPE_SECRET_KEY is set; then the webhook secret
  // too. STRIPE_API_BASE points the SDK elsewhere (the tests' Stripe-shaped fake).
  STRIPE_SECRET_KEY: optionalText.refine(
    (v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v),
    'expected a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_...)',
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (v) => v === undefined || /^whsec_\S+$/.test(v),
    "expected the webhook endpoint's signing secret (whsec_...)",
  ),
  STRIPE_API_BASE: url(['http:', 'https:'], 'an http:// or https:// URL such as https://api.stripe.com'),
  // Days a self-registered organization that never subscribed has in full before it is read-only.
  BILLING_TRIAL_DAYS: wholeNumber(14),
  // Optional web analytics (docs/OPERATIONS.md, "Web analytics"): each tracker needs both of its settings.
  PLAUSIBLE_SCRIPT_URL: url(['https:', 'http:'], "the https:// address of Plausible's script"),
  PLAUSIBLE_DOMAIN: optionalText,
  MATOMO_URL: url(['https:', 'http:'], 'the https:// base address of the Matomo installation'),
  MATOMO_SITE_ID: optionalText.refine((v) => v === undefined || /^\d+$/.test(v), 'expected a number'),
  UMAMI_SCRIPT_URL: url(['https:', 'http:'], "the https:// address of Umami's script"),
  UMAMI_WEBSITE_ID: optionalText,
  TRUST_PROXY: optionalText.refine(
    (v) => v === undefined || /^(true|false|[0-9a-f.:/,\s]+)$/i.test(v),
    'expected true, false or a comma-separated list of proxy addresses',
  ),
});

/** The environment as read, before it is shaped into Settings. */
export type Env = z.output<typeof envSchema>;

export type Settings = {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  staticDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica for analytics, lists and exports (docs/OPERATIONS.md, "Read replica"). */
  readReplica: { url: string | undefined; maxLagSeconds: number };
  jwtSecret: string | undefined;
  encryptionKey: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Messages one organization may send per hour (all its mail together); past it mail is held and summarised. */
  mailBudgetPerHour: number;
  operatorEmail: string;
  checksPort: number | undefined;
  /** Public /checks: seconds a result is reused, requests per client IP per minute, test ports, extra CA. */
  checks: {
    cacheSeconds: number;
    rateLimit: number;
    nsPort: number;
    mtaStsPort: number;
    mtaStsCaFile?: string;
    /** Connect to private and reserved addresses a checked domain points at (tests on loopback only). */
    allowPrivateTargets: boolean;
  };
  /** Validating resolver (host:port) for the DNSSEC and DANE checks; unset: the DNS_SERVERS resolver. */
  dnssecResolver: string | undefined;
  /** Port the SMTP TLS check connects to on each MX host (25; tests use a loopback port). */
  smtpCheckPort: number;
  /** Hours between scheduled re-checks of a registered domain (stored results and DNS history); 0: only on demand. */
  checkIntervalHours: number;
  publicUrl: string;
  loginRateLimit: number;
  loginRateLimitIp: number;
  contactRateLimit: number;
  /** Caps on mail a person's action starts (docs/OPERATIONS.md "Mail budget"). */
  mailLimits: {
    /** "Send now" of one report per hour. */
    sendNowPerSchedule: number;
    /** "Send now" of all the organization's reports together per hour. */
    sendNowPerOrganization: number;
    /** Re-sends of one invitation per 24 hours. */
    invitationResends: number;
    /** Invitation mails (new and re-sent) of one organization per 24 hours. */
    invitationsPerOrganization: number;
    /** Recipient confirmation mails of one organization per 24 hours. */
    confirmationsPerOrganization: number;
  };
  /** Bytes report uploads may hold at once, received and decompressed together (server/lib/memory-budget.ts). */
  uploadMemoryBytes: number;
  trustProxy: boolean | string[];
  /** Inbound report sources: the rua mailbox (IMAP) and the SMTP listener (server/mail/inbound/). */
  inbound: {
    imapUrl: string | undefined;
    imapProcessedFolder: string;
    imapFailedFolder: string;
    imapPollSeconds: number;
    imapMaxAttempts: number;
    smtpPort: number | undefined;
    smtpHost: string;
    smtp: InboundSmtpSettings;
  };
  /** How each organization's own report address is spelt (server/mail/report-address.ts). */
  reportAddress: ReportAddressing;
  /** Prometheus metrics (docs/MONITORING.md); unset: no /metrics anywhere. */
  metrics: MetricsSettings | undefined;
  reputation: ReputationSettings;
  /** The job queue (docs/OPERATIONS.md, "Jobs"): seconds between polls, expiry sweeps, and the stop timeout. */
  jobs: { pollSeconds: number; maintenanceSeconds: number; stopTimeoutSeconds: number };
  /** Where `msas worker` answers /healthz and /readyz (HOST:port); unset: a worker serves no HTTP. */
  workerHealthPort: number | undefined;
  /** PowerDNS Authoritative's HTTP API (docs/DNS.md); unset: DNS hosting is off and its calls answer 503. */
  powerDns: PowerDnsSettings | undefined;
  /** Stripe (docs/BILLING.md); unset: billing is off, products answer an empty list and the other calls 503. */
  billing: BillingSettings | undefined;
  /** Optional web analytics in the interface; each unset one is off. */
  trackers: TrackerSettings;
};

// Behind a reverse proxy the client IP (used by the rate limits) comes from X-Forwarded-For.
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

// Pure: environment in, settings out; the first bad variable is named in the error.
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'unknown');
    throw new ConfigError(`Invalid setting ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = result.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new ConfigError('Invalid setting DATABASE_READ_URL: it needs DATABASE_URL (the primary) as well');
  const report = parseReportAddress(e, e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? 8080}`);
  return {
    nodeEnv: e.NODE_ENV ?? 'production',
    port: e.PORT ?? 8080,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    staticDir: e.STATIC_DIR,
    databaseUrl: e.DATABASE_URL,
    readReplica: { url: e.DATABASE_READ_URL, maxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS },
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    adminEmail: e.MSAS_ADMIN_EMAIL,
    adminPassword: e.MSAS_ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailBudgetPerHour: e.MAIL_BUDGET_PER_HOUR,
    operatorEmail: e.OPERATOR_EMAIL,
    checksPort: e.CHECKS_PORT,
    checks: {
      cacheSeconds: e.CHECKS_CACHE_SECONDS,
      rateLimit: e.CHECKS_RATE_LIMIT,
      nsPort: e.CHECKS_NS_PORT ?? 53,
      mtaStsPort: e.MTA_STS_PORT ?? 443,
      mtaStsCaFile: e.MTA_STS_CA_FILE,
      allowPrivateTargets: e.CHECKS_ALLOW_PRIVATE_TARGETS,
    },
    dnssecResolver: e.DNSSEC_RESOLVER,
    smtpCheckPort: e.SMTP_CHECK_PORT ?? 25,
    checkIntervalHours: e.CHECK_INTERVAL_HOURS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? 8080}`,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginRateLimitIp: e.LOGIN_RATE_LIMIT_IP,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    mailLimits: {
      sendNowPerSchedule: e.DIGEST_SEND_NOW_LIMIT,
      sendNowPerOrganization: e.DIGEST_SEND_NOW_ORGANIZATION_LIMIT,
      invitationResends: e.INVITATION_RESEND_LIMIT,
      invitationsPerOrganization: e.INVITATION_ORGANIZATION_LIMIT,
      confirmationsPerOrganization: e.RECIPIENT_CONFIRMATION_LIMIT,
    },
    uploadMemoryBytes: e.UPLOAD_MEMORY_MB * 1024 * 1024,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    inbound: {
      imapUrl: e.IMAP_URL,
      imapProcessedFolder: e.IMAP_PROCESSED_FOLDER,
      imapFailedFolder: e.IMAP_FAILED_FOLDER,
      imapPollSeconds: e.IMAP_POLL_INTERVAL,
      imapMaxAttempts: e.IMAP_MAX_ATTEMPTS,
      smtpPort: e.INBOUND_SMTP_PORT,
      smtpHost: e.INBOUND_SMTP_HOST,
      smtp: parseInboundSmtp(e),
    },
    reportAddress: report,
    metrics: parseMetrics(e),
    reputation: {
      dnsblZones: e.DNSBL_ZONES,
      dnsblTimeoutMs: e.DNSBL_TIMEOUT_MS,
      reputationZone: e.REPUTATION_ZONE?.replace(/\.$/, ''),
      recaptchaSecret: e.RECAPTCHA_SECRET,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL ?? defaultRecaptchaVerifyUrl,
      delistEmail: e.DELIST_EMAIL,
      geoipCityDb: e.GEOIP_CITY_DB,
      geoipAsnDb: e.GEOIP_ASN_DB,
    },
    jobs: {
      pollSeconds: e.JOBS_POLL_INTERVAL,
      maintenanceSeconds: e.JOBS_MAINTENANCE_INTERVAL,
      stopTimeoutSeconds: e.JOBS_STOP_TIMEOUT,
    },
    workerHealthPort: e.WORKER_HEALTH_PORT,
    powerDns: parsePowerDns(e),
    billing: parseBilling(e),
    trackers: parseTrackers(e),
  };
}

// Settings with the secrets resolved (from the environment or DATA_DIR/secrets.json).
export type Config = Omit<Settings, 'jwtSecret' | 'encryptionKey'> & {
  jwtSecret: string;
  encryptionKey: Buffer;
};
