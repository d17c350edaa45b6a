import { createHmac, timingSafeEqual } from 'node:crypto';

// The per-recipient unsubscribe link: a token naming the organization, the schedule and the address, signed
// with an HMAC-SHA256 key derived from JWT_SECRET for this one use. It is not stored; it is never logged
// (the request log drops ?token= values, the audit log redacts `token` fields).

export type Unsubscribe = { organizationId: number; scheduleId: number; address: string };

const key = (secret: string) => createHmac('sha256', secret).update('msas digest unsubscribe v1').digest();
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export function unsubscribeToken(secret: string, u: Unsubscribe): string {
  const body = `${u.organizationId}.${u.scheduleId}.${b64(u.address)}`;
  return `${body}.${b64(createHmac('sha256', key(secret)).update(body).digest())}`;
}

export function readUnsubscribeToken(secret: string, token: string): Unsubscribe | null {
  const m = /^(\d{1,10})\.(\d{1,19})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const body = `${m[1]}.${m[2]}.${m[3]}`;
  const want = createHmac('sha256', key(secret)).update(body).digest();
  const got = Buffer.from(m[4], 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  return {
    organizationId: Number(m[1]),
    scheduleId: Number(m[2]),
    address: Buffer.from(m[3], 'base64url').toString('utf8'),
  };
}
