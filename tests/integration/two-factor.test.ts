import { generate } from 'otplib';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function session() {
  const made = await makeUser(t.db);
  const res = await login(t.app, { username: made.email, password: made.password });
  return { ...made, access: res.json<{ access: string }>().access };
}

const form = (access: string) => ({ ...bearer(access), 'content-type': 'application/x-www-form-urlencoded' });

// Turns 2FA on for the session's user; returns the recovery codes.
async function enableTwoFactor(access: string): Promise<string[]> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/ph/2fa/setup/start/',
    headers: bearer(access),
  });
  const code = await generate({ secret: start.json<{ secret: string }>().secret });
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/ph/2fa/setup/confirm/',
    headers: form(access),
    payload: `code=${code}`,
  });
  return confirm.json<{ recovery_codes: string[] }>().recovery_codes;
}

describe('two-factor setup', () => {
  it('starts with an otpauth URI and a PNG QR code, confirms, then disables with a code', async () => {
    const { user, email, access } = await session();
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/setup/start/',
      headers: bearer(access),
    });
    expect(start.statusCode).toBe(200);
    const body = start.json<{ config_url: string; secret: string; qr_code: string }>();
    expect(body.config_url).toMatch(/^otpauth:\/\/totp\//);
    expect(body.config_url).toContain(`secret=${body.secret}`);
    expect(body.config_url).toContain(encodeURIComponent(email));
    expect(body.qr_code).toMatch(/^data:image\/png;base64,/);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/setup/confirm/',
      headers: form(access),
      payload: 'code=123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: ['Invalid code.'] });

    const code = await generate({ secret: body.secret });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/setup/confirm/',
      headers: form(access),
      payload: `code=${code}`,
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const me = await t.app.inject({ url: `/api/ph/users/${user.id}/`, headers: bearer(access) });
    expect(me.json()).toMatchObject({ data: { attributes: { has_2_factor_authentication: true } } });

    const nextCode = await generate({ secret: body.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const disable = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/disable/',
      headers: form(access),
      payload: `code=${nextCode}`,
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toEqual({});
    const after = await t.app.inject({ url: `/api/ph/users/${user.id}/`, headers: bearer(access) });
    expect(after.json()).toMatchObject({ data: { attributes: { has_2_factor_authentication: false } } });
    const left = await t.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toHaveLength(0);

    const names = await t.db
      .selectFrom('audit_operations')
      .select(['name', 'response_status'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(names.map((n) => `${n.name}:${n.response_status}`)).toEqual([
      'authenticate:200',
      '2fa.setup.start:200',
      '2fa.setup.confirm:400',
      '2fa.setup.confirm:200',
      '2fa.disable:200',
    ]);
    const requests = await t.db
      .selectFrom('audit_operations')
      .select('request')
      .where('user_id', '=', user.id)
      .execute();
    expect(JSON.stringify(requests)).not.toContain(code);
  });

  it('disables with a recovery code too, and refuses a missing code', async () => {
    const { access } = await session();
    const [recovery] = await enableTwoFactor(access);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/disable/',
      headers: form(access),
      payload: '',
    });
    expect(missing.json()).toMatchObject({ code: ['This field is required.'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/disable/',
      headers: form(access),
      payload: `code=${recovery}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('rate limits disabling with recovery codes like the other code attempts', async () => {
    const { user, access } = await session();
    const [recovery] = await enableTwoFactor(access);
    const disable = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ph/2fa/disable/',
        headers: form(access),
        payload: `code=${value}`,
      });
    const limit = t.ctx.config.loginRateLimit;
    for (let i = 0; i < limit; i += 1)
      expect((await disable(`wrong-recovery-${i}`)).json()).toMatchObject({ code: ['Invalid code.'] });
    const blocked = await disable(recovery!);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const spent = await t.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(spent).toEqual([]);
  });

  it('needs authentication', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ph/2fa/setup/start/' });
    expect(res.statusCode).toBe(401);
  });
});
