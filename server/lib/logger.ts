import pino, { type DestinationStream, type Logger } from 'pino';

// Secret-bearing fields are never written to the logs, at whatever depth our own log calls put them.
const secretKeys = [
  'password',
  'current_password',
  'new_password',
  'confirm_password',
  'token',
  'access',
  'refresh',
  'code',
  'recovery_code',
  'secret',
  'totp_secret_enc',
  'password_hash',
];
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...secretKeys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' } }, destination);
}
