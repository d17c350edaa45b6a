import { generate } from 'otplib';
import { accessClaimsSchema } from '../../contract/auth';
import { decryptSecret } from '../../server/lib/crypto';
import { findUserById } from '../../server/modules/shared/users-repo';
import { bearer, decodeJwt, login, makeUser, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// Turns 2FA on through the API and returns the TOTP secret and the recovery codes.
async function enableTwoFactor(access: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/ph/2fa/setup/start/',
    headers: bearer(access),
  });
  expect(start.statusCode).toBe(200);
  const { secret } = start.json<{ secret: string }>();
  const code = await generate({ secret });
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/ph/2fa/setup/confirm/',
    headers: { ...bearer(access), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `code=${code}`,
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes };
}

describe('POST /api/ph/authenticate/', () => {
  it('answers both tokens with the access claims of the contract', async () => {
    const { user, email, password } = await makeUser(t.db);
    const res = await login(t.app, { username: email, password });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ access: string; refresh: string }>();
    expect(body.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const claims = accessClaimsSchema.parse(decodeJwt(body.access));
    expect(Object.keys(decodeJwt(body.access)).sort()).toEqual(
      [
        'tokenType',
        'exp',
        'iat',
        'jti',
        'userId',
        'isSupport',
        'userEmail',
        'organizationId',
        'subscription_status',
        'lastLogin',
        'publications',
      ].sort(),
    );
    expect(claims).toMatchObject({
      tokenType: 'access',
      userId: user.id,
      userEmail: email,
      isSupport: false,
      organizationId: user.organization_id,
      subscription_status: null,
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims.lastLogin).not.toBeNull();
  });

  it('carries the organization subscription status when there is one', async () => {
    const { user, email, password } = await makeUser(t.db, { organization: 'Cancelled Co' });
    await t.db
      .updateTable('organizations')
      .set({ subscription_status: 'Cancelled' })
      .where('id', '=', user.organization_id!)
      .execute();
    const res = await login(t.app, { username: email, password });
    expect(decodeJwt(res.json<{ access: string }>().access).subscription_status).toBe('Cancelled');
  });

  it('accepts JSON and multipart bodies as well as the form post', async () => {
    const { email, password } = await makeUser(t.db);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/ph/authenticate/',
      payload: { username: email, password },
    });
    expect(json.statusCode).toBe(200);
    const boundary = 'XyZboundary';
    const multipart = [
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${email}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ph/authenticate/',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('access');
  });

  it('refuses a wrong password and an unknown user with the same DRF message', async () => {
    const { email } = await makeUser(t.db);
    for (const fields of [
      { username: email, password: 'wrong password' },
      { username: 'nobody@example.com', password: 'whatever1' },
    ]) {
      const res = await login(t.app, fields, '10.1.0.1');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ non_field_errors: ['Unable to log in with provided credentials.'] });
    }
  });

  it('names every missing field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ph/authenticate/' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const blank = await login(t.app, { username: ' ', password: 'x' });
    expect(blank.json()).toMatchObject({ username: ['This field may not be blank.'] });
  });

  it('asks for the code, accepts a valid one and refuses a wrong or replayed one', async () => {
    const { user, email, password } = await makeUser(t.db);
    const first = await login(t.app, { username: email, password });
    const { secret } = await enableTwoFactor(first.json<{ access: string }>().access);

    const noCode = await login(t.app, { username: email, password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: ['This field is required.'] });

    const bad = await login(t.app, { username: email, password, code: '000000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ['Invalid code.'] });

    // The confirm step used the current time step; the next step's code logs in once.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const ok = await login(t.app, { username: email, password, code: next });
    expect(ok.statusCode).toBe(200);
    const replay = await login(t.app, { username: email, password, code: next });
    expect(replay.json()).toMatchObject({ code: ['Invalid code.'] });

    const stored = await findUserById(t.db, user.id);
    expect(stored?.totp_secret_enc).not.toContain(secret);
    expect(decryptSecret(t.ctx.config.encryptionKey, stored!.totp_secret_enc!)).toBe(secret);
  });

  it('logs in with a recovery code once, and only with the right password', async () => {
    const { user, email, password } = await makeUser(t.db);
    const first = await login(t.app, { username: email, password });
    const { recoveryCodes } = await enableTwoFactor(first.json<{ access: string }>().access);
    expect(recoveryCodes).toHaveLength(10);
    const stored = await t.db
      .selectFrom('recovery_codes')
      .select('hmac')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((r) => r.hmac)).not.toContain(recoveryCodes[0]);

    const url = '/api/ph/authenticate/recovery/';
    const wrongPassword = await login(
      t.app,
      { username: email, password: 'nope-nope', recovery_code: recoveryCodes[0]! },
      '127.0.0.1',
      url,
    );
    expect(wrongPassword.json()).toMatchObject({
      non_field_errors: ['Unable to log in with provided credentials.'],
    });
    const ok = await login(
      t.app,
      { username: email, password, recovery_code: recoveryCodes[0]!.toUpperCase() },
      '127.0.0.1',
      url,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('refresh');
    const again = await login(
      t.app,
      { username: email, password, recovery_code: recoveryCodes[0]! },
      '127.0.0.1',
      url,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ recovery_code: ['Invalid recovery code.'] });
  });
});
