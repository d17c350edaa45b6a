// Removes secret-bearing fields from a request body before it is stored (audit) or logged. Keys are matched
// whole, after folding case and separators (new_password, newPassword and new-password are one key), so a
// statistic named after a result (count_unaligned_pass, dmarc_passed, country_code) is kept as it is.
const secretKeys = [
  // Passwords, whatever form posts them.
  'password',
  'passwd',
  'current_password',
  'old_password',
  'new_password',
  'new_password1',
  'new_password2',
  'confirm_password',
  'password_confirmation',
  'password1',
  'password2',
  // Session and one-time tokens (sign-in, refresh, reset, verification, invitation, unsubscribe).
  'token',
  'access',
  'refresh',
  'access_token',
  'refresh_token',
  'id_token',
  'reset_token',
  'auth_token',
  // Second factor and confirmation codes.
  'code',
  'otp',
  'totp',
  'recovery_code',
  'recovery_codes',
  'backup_code',
  'verification_code',
  'confirmation_code',
  // Shared secrets and keys.
  'secret',
  'client_secret',
  'webhook_secret',
  'webhook_routing_key',
  'routing_key',
  'totp_secret',
  'api_key',
  'secret_key',
  'private_key',
  'signing_key',
  'encryption_key',
  // Stored forms, should a row ever be handed over whole.
  'password_hash',
  'totp_secret_enc',
  'webhook_secret_enc',
  'webhook_routing_key_enc',
  // Credentials a client may send as data.
  'authorization',
  'cookie',
  'set_cookie',
  'credentials',
];

const fold = (key: string) => key.toLowerCase().replace(/[\s_-]+/g, '');
const secret = new Set(secretKeys.map(fold));

export const isSecretKey = (key: string): boolean => secret.has(fold(key));

export function sanitize(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[truncated]';
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => sanitize(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = isSecretKey(key) ? '[redacted]' : sanitize(v, depth + 1);
    }
    return out;
  }
  if (typeof value === 'string' && value.length > 2000) return `${value.slice(0, 2000)}…`;
  return value;
}
