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

// One-time links (reset, sign-up, invitation) carry their token in the query string, and so does anything a
// client puts in a URL by mistake: the request log keeps the parameter's name and drops its value.
const secretQueryNames = new Set([...secretKeys, 'key', 'api_key', 'otp', 'signature', 'sig', 'ticket']);
const isSecretQueryName = (name: string) => {
  const n = name.toLowerCase();
  return secretQueryNames.has(n) || /[_-](token|key|secret|code)$/.test(n);
};

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0) return part;
      const rawName = part.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return isSecretQueryName(name) ? `${rawName}=[redacted]` : part;
    });
  return `${url.slice(0, q + 1)}${parts.join('&')}`;
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

// Fastify's request serializer, with the query string's secrets redacted.
function requestForLog(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { req: requestForLog },
    },
    destination,
  );
}
