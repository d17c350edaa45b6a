import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { accessClaimsSchema, type AccessClaims } from '../../../contract/auth';

export type AccessClaimsInput = Omit<AccessClaims, 'tokenType' | 'exp' | 'iat' | 'jti'>;

const key = (secret: string) => new TextEncoder().encode(secret);

// HS256 access token (RFC 7519) with the claims of contract/auth.ts, nothing more.
export async function signAccessToken(
  claims: AccessClaimsInput,
  secret: string,
  ttlSeconds: number,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: AccessClaims = {
    tokenType: 'access',
    exp: iat + ttlSeconds,
    iat,
    jti: randomUUID(),
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyAccessToken(token: string, secret: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], currentDate: now });
    const parsed = accessClaimsSchema.safeParse(payload);
    return parsed.success ? { ok: true, claims: parsed.data } : { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
