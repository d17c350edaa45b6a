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
});
