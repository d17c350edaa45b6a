import path from 'node:path';
import { z } from 'zod';
import { parseDurationSeconds } from './lib/duration';

// Every setting of the server, read once from the environment (and .env through dotenv in loadConfig).
export class ConfigError extends Error {}

const looseEmail = /^[^\s@]+@[^\s@]+$/;

const port = (fallback?: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 65535) {
        ctx.addIssue({ code: 'custom', message: 'expected a number between 1 and 65535' });
        return z.NEVER;
      }
      return n;
    });

const positiveInt = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: 'custom', message: 'expected a whole number of at least 1' });
        return z.NEVER;
      }
      return n;
    });

const duration = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const seconds = parseDurationSeconds(v === undefined || v === '' ? fallback : v);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: 'expected a duration such as 900, 15m, 12h or 7d' });
        return z.NEVER;
      }
      return seconds;
    });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const email = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? fallback : v.trim()))
    .refine((v) => looseEmail.test(v), 'expected an email address');

const url = (protocols: string[], what: string) =>
  optionalText.refine((v) => {
    if (v === undefined) return true;
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `expected ${what}`);

const secret = (min: number) =>
  optionalText.refine((v) => v === undefined || v.length >= min, `expected at least ${min} characters`);

const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: port(8080),
  HOST: optionalText.transform((v) => v ?? '127.0.0.1'),
  DATA_DIR: optionalText.transform((v) => path.resolve(v ?? './data')),
  STATIC_DIR: optionalText.transform((v) => path.resolve(v ?? './dist')),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// URL'),
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
  OPERATOR_EMAIL: email('admin@localhost'),
  CHECKS_PORT: port(undefined),
  PUBLIC_URL: url(['http:', 'https:'], 'an http:// or https:// URL'),
  LOGIN_RATE_LIMIT: positiveInt(5),
  LOGIN_RATE_LIMIT_IP: positiveInt(20),
  CONTACT_RATE_LIMIT: positiveInt(5),
  TRUST_PROXY: optionalText.refine(
    (v) => v === undefined || /^(true|false|[0-9a-f.:/,\s]+)$/i.test(v),
    'expected true, false or a comma-separated list of proxy addresses',
  ),
});

export type Settings = {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  staticDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  encryptionKey: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  operatorEmail: string;
  checksPort: number | undefined;
  publicUrl: string;
  loginRateLimit: number;
  loginRateLimitIp: number;
  contactRateLimit: number;
  trustProxy: boolean | string[];
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
  return {
    nodeEnv: e.NODE_ENV ?? 'production',
    port: e.PORT ?? 8080,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    staticDir: e.STATIC_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    adminEmail: e.MSAS_ADMIN_EMAIL,
    adminPassword: e.MSAS_ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operatorEmail: e.OPERATOR_EMAIL,
    checksPort: e.CHECKS_PORT,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? 8080}`,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginRateLimitIp: e.LOGIN_RATE_LIMIT_IP,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

// Settings with the secrets resolved (from the environment or DATA_DIR/secrets.json).
export type Config = Omit<Settings, 'jwtSecret' | 'encryptionKey'> & {
  jwtSecret: string;
  encryptionKey: Buffer;
};
