import { generate } from 'otplib';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('logs', () => {
  it('never contain passwords, tokens, TOTP secrets or codes, even at trace level', async () => {
    const { email, password } = await makeUser(t.db, { password: 'Sup3r-Secret-Passw0rd' });
    const secrets: string[] = [password];
    await login(t.app, { username: email, password: 'Wr0ng-Secret-Passw0rd' });
    secrets.push('Wr0ng-Secret-Passw0rd');
    const ok = (await login(t.app, { username: email, password })).json<{
      access: string;
      refresh: string;
    }>();
    secrets.push(ok.access, ok.refresh);
    const cookie = 'XSRF-TOKEN=cookie-value-that-must-not-be-logged';
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/setup/start/',
      headers: { ...bearer(ok.access), cookie },
    });
    const { secret } = start.json<{ secret: string }>();
    secrets.push(secret, 'cookie-value-that-must-not-be-logged');
    const code = await generate({ secret });
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/ph/2fa/setup/confirm/',
      headers: bearer(ok.access),
      payload: { code },
    });
    secrets.push(...confirm.json<{ recovery_codes: string[] }>().recovery_codes);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/ph/authenticate/refresh/',
      payload: { refresh: ok.refresh },
    });
    secrets.push(...Object.values(refreshed.json<Record<string, string>>()));
    // A log call of ours that carries secret fields is redacted by pino too.
    t.ctx.logger.info({ body: { password, refresh: ok.refresh }, user: { token: ok.access } }, 'debug line');

    const logs = t.logs.join('');
    expect(logs).toContain('incoming request');
    expect(logs).toContain('[redacted]');
    for (const value of secrets) expect(logs).not.toContain(value);
    expect(logs).not.toContain(`code=${code}`);
  });

  it('keep the URL of a one-time link without its token', async () => {
    const secrets = ['reset-0a1b2c3d4e5f', 'verify-0a1b2c3d4e5f', 'invite-0a1b2c3d4e5f', 'api-0a1b2c3d4e5f'];
    const urls = [
      `/password-reset?username=ana%40example.com&token=${secrets[0]}`,
      `/confirm-registration?token=${secrets[1]}`,
      `/member-registration?id=7&token=${secrets[2]}`,
      `/api/ph/users/me/?access_token=${secrets[3]}&code=123456&page=2`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const logged = t.logs
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
    expect(logged).toEqual(
      expect.arrayContaining([
        '/password-reset?username=ana%40example.com&token=[redacted]',
        '/confirm-registration?token=[redacted]',
        '/member-registration?id=7&token=[redacted]',
        '/api/ph/users/me/?access_token=[redacted]&code=[redacted]&page=2',
      ]),
    );
    const logs = t.logs.join('');
    for (const value of [...secrets, '123456']) expect(logs).not.toContain(value);
  });
});
