import { signAccessToken, verifyAccessToken } from './jwt';

const claims = {
  userId: 7,
  isSupport: false,
  userEmail: 'a@example.com',
  organizationId: 3,
  subscription_status: 'trialing',
  lastLogin: null,
  publications: [{ id: 1, title: 'Hello' }],
};
const secret = 'x'.repeat(40);

describe('access tokens', () => {
  it('verify while fresh, with the exact claims', async () => {
    const now = new Date();
    const token = await signAccessToken(claims, secret, 900, now);
    const result = await verifyAccessToken(token, secret, now);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.claims).toMatchObject({ ...claims, tokenType: 'access' });
      expect(result.claims.exp - result.claims.iat).toBe(900);
    }
  });

  it('are expired after their ttl and invalid under another secret', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const token = await signAccessToken(claims, secret, 60, now);
    expect(await verifyAccessToken(token, secret, new Date(now.getTime() + 61_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await verifyAccessToken(token, 'y'.repeat(40), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyAccessToken('garbage', secret, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
