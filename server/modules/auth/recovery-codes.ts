import { hmacHex, randomReadable } from '../../lib/crypto';

// Recovery codes: shown once, stored as HMAC-SHA256 under ENCRYPTION_KEY; compared case- and dash-insensitively.
export const recoveryCodeCount = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const raw = randomReadable(10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}

export function recoveryCodeHmac(key: Buffer, code: string): string {
  return hmacHex(key, `recovery:${normaliseRecoveryCode(code)}`);
}
