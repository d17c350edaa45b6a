import { generateSecret, generateURI, verify } from 'otplib';

// TOTP per RFC 6238 (SHA-1, 6 digits, 30 s steps: what authenticator apps expect).
export const totpPeriod = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, account: string, issuer = 'msas'): string {
  return generateURI({ issuer, label: account, secret });
}

export function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / totpPeriod);
}

// Accepts one step of clock drift either way (RFC 6238 section 5.2) and refuses a step at or before the last
// one used, so a code cannot be replayed.
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<{ valid: boolean; step: number | null }> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return { valid: false, step: null };
  for (const offset of [0, -1, 1]) {
    const step = timeStep(now) + offset;
    if (lastStep !== null && step <= lastStep) continue;
    const result = await verify({ secret, token, epoch: step * totpPeriod });
    if (result.valid) return { valid: true, step };
  }
  return { valid: false, step: null };
}
