import { signAccessToken } from '../../server/modules/auth/jwt';
import { bearer, decodeJwt, login, makeUser, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

function refresh(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ph/authenticate/refresh/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `refresh=${encodeURIComponent(token)}`,
  });
}

async function session() {
  const { user, email, password } = await makeUser(t.db);
  const res = await login(t.app, { username: email, password });
  return { user, ...res.json<{ access: string; refresh: string }>() };
}

const invalid = { detail: 'Token is invalid or expired' };

describe('POST /api/ph/authenticate/refresh/', () => {
  it('rotates: a new access token expiring later than now, and a new refresh token', async () => {
    const first = await session();
    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access: string; refresh: string }>();
    expect(body.refresh).not.toBe(first.refresh);
    expect(decodeJwt(body.access).exp as number).toBeGreaterThan(Date.now() / 1000);
    expect(decodeJwt(body.access).jti).not.toBe(decodeJwt(first.access).jti);
    const me = await t.app.inject({ url: `/api/ph/users/${first.user.id}/`, headers: bearer(body.access) });
    expect(me.statusCode).toBe(200);
    // The new refresh token works in turn.
    expect((await refresh(body.refresh)).statusCode).toBe(200);
  });

  it('treats a reused refresh token as stolen: 401 and the whole family revoked', async () => {
    const first = await session();
    const second = (await refresh(first.refresh)).json<{ refresh: string }>();
    const third = (await refresh(second.refresh)).json<{ refresh: string }>();
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject(invalid);
    // The latest token of the family no longer works either...
    const latest = await refresh(third.refresh);
    expect(latest.statusCode).toBe(401);
    const rows = await t.db
      .selectFrom('refresh_tokens')
      .select(['revoked_at'])
      .where('user_id', '=', first.user.id)
      .execute();
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    // ...while another session of the same user is untouched.
    const other = await login(t.app, { username: first.user.username, password: 'correct horse battery' });
    expect((await refresh(other.json<{ refresh: string }>().refresh)).statusCode).toBe(200);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect((await refresh('not-a-token')).json()).toMatchObject(invalid);
    const { refresh: token } = await session();
    t.clock.offsetMs = 8 * 86_400_000;
    try {
      const res = await refresh(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject(invalid);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('stores only the SHA-256 of refresh tokens', async () => {
    const { user, refresh: token } = await session();
    const rows = await t.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('bearer authentication', () => {
  it('answers 401 token_not_valid for an expired access token', async () => {
    const { user } = await session();
    const expired = await signAccessToken(
      {
        userId: user.id,
        isSupport: false,
        userEmail: user.email,
        organizationId: user.organization_id,
        subscription_status: null,
        lastLogin: null,
        publications: [],
      },
      t.ctx.config.jwtSecret,
      60,
      new Date(Date.now() - 3_600_000),
    );
    const res = await t.app.inject({ url: `/api/ph/users/${user.id}/`, headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
  });

  it('answers 401 without a token, with a forged one, or with a refresh token', async () => {
    const { user, access, refresh: refreshToken } = await session();
    const url = `/api/ph/users/${user.id}/`;
    const none = await t.app.inject({ url });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ detail: 'Authentication credentials were not provided.' });
    const [h, p] = access.split('.');
    const forged = await t.app.inject({ url, headers: bearer(`${h}.${p}.AAAA`) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'token_not_valid' });
    expect((await t.app.inject({ url, headers: bearer(refreshToken) })).statusCode).toBe(401);
  });

  it('stops accepting tokens of a deactivated user', async () => {
    const { user, access } = await session();
    await t.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    expect(
      (await t.app.inject({ url: `/api/ph/users/${user.id}/`, headers: bearer(access) })).statusCode,
    ).toBe(401);
  });
});
