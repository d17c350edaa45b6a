import { generate } from 'otplib';
import { encryptSecret } from '../../server/lib/crypto';
import { newTotpSecret } from '../../server/modules/auth/totp';
import { setTotpState } from '../../server/modules/shared/users-repo';
import { login, makeUser, postForm, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { LOGIN_RATE_LIMIT: '3', LOGIN_RATE_LIMIT_IP: '6', CONTACT_RATE_LIMIT: '2' },
  });
});
afterAll(async () => {
  await t.close();
});

const tooMany = /^Too many attempts\. Try again in \d+ seconds\.$/;

describe('login rate limits', () => {
  const failFrom = async (username: string, ip: string, times: number) => {
    for (let i = 0; i < times; i += 1)
      expect((await login(t.app, { username, password: 'bad-password' }, ip)).statusCode).toBe(400);
  };

  it('stops one source after LOGIN_RATE_LIMIT failures on an account, without locking out the owner', async () => {
    const { email, password } = await makeUser(t.db);
    const attacker = '10.2.0.1';
    await failFrom(email, attacker, 3);
    // The attacker's source is stopped, whatever it tries next, even the right password.
    const stopped = await login(t.app, { username: email, password }, attacker);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json<{ detail: string }>().detail).toMatch(tooMany);
    const seconds = Number(/in (\d+) seconds/.exec(stopped.json<{ detail: string }>().detail)?.[1]);
    expect(seconds).toBeGreaterThan(800);
    expect(seconds).toBeLessThanOrEqual(900);
    expect(stopped.headers['retry-after']).toBe(String(seconds));
    // The owner, from their own address, logs in; that does not free the attacker's source.
    expect((await login(t.app, { username: email, password }, '10.2.1.1')).statusCode).toBe(200);
    expect((await login(t.app, { username: email, password: 'guess' }, attacker)).statusCode).toBe(429);
    t.clock.offsetMs = 16 * 60_000;
    try {
      expect((await login(t.app, { username: email, password }, attacker)).statusCode).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('slows failures spread over many sources down instead of locking the account', async () => {
    const { email, password } = await makeUser(t.db);
    for (let i = 0; i < 3; i += 1) await failFrom(email, `10.3.0.${i}`, 1);
    const paced: number[] = [];
    for (let i = 3; i < 5; i += 1) {
      const started = performance.now();
      await failFrom(email, `10.3.0.${i}`, 1);
      paced.push(performance.now() - started);
    }
    // Past LOGIN_RATE_LIMIT failures on the account: 250 ms, then 500 ms more per failed answer.
    expect(paced[0]).toBeGreaterThanOrEqual(240);
    expect(paced[1]).toBeGreaterThanOrEqual(490);
    expect((await login(t.app, { username: email, password }, '10.3.9.9')).statusCode).toBe(200);
  });

  it('lets the owner in from a stopped source with the right password and a valid second factor', async () => {
    const { user, email, password } = await makeUser(t.db);
    const secret = newTotpSecret();
    await setTotpState(t.db, user.id, {
      totp_secret_enc: encryptSecret(t.ctx.config.encryptionKey, secret),
      totp_enabled: true,
      totp_last_step: null,
    });
    const shared = '10.6.0.1';
    await failFrom(email, shared, 3);
    const code = await generate({ secret });
    expect((await login(t.app, { username: email, password }, shared)).statusCode).toBe(429);
    expect((await login(t.app, { username: email, password: 'bad', code }, shared)).statusCode).toBe(429);
    const wrongCode = await login(t.app, { username: email, password, code: '000000' }, shared);
    expect(wrongCode.statusCode).toBe(429);
    expect((await login(t.app, { username: email, password, code }, shared)).statusCode).toBe(200);
    // A success frees this source for the account.
    expect((await login(t.app, { username: email, password: 'bad' }, shared)).statusCode).toBe(400);
  });

  it('frees every source of an account once its password is reset', async () => {
    const { email } = await makeUser(t.db);
    await failFrom(email, '10.7.0.1', 3);
    expect((await login(t.app, { username: email, password: 'x' }, '10.7.0.1')).statusCode).toBe(429);
    await postForm(t.app, '/api/ph/password-reset/', { email }, '10.7.0.2');
    const mail = await t.db
      .selectFrom('outbox')
      .select('text')
      .where('to', '=', email)
      .executeTakeFirstOrThrow();
    const token = /token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    const password = 'amber-river-77-kite';
    const reset = await postForm(t.app, '/api/ph/password-reset/confirm/', { token, password }, '10.7.0.2');
    expect(reset.statusCode).toBe(200);
    expect((await login(t.app, { username: email, password }, '10.7.0.1')).statusCode).toBe(200);
  });

  it('limits one IP across many accounts with LOGIN_RATE_LIMIT_IP', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < t.ctx.config.loginRateLimitIp; i += 1) {
      const res = await login(t.app, { username: `ghost${i}@example.com`, password: 'whatever' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const { email, password } = await makeUser(t.db);
    const blocked = await login(t.app, { username: email, password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ detail: string }>().detail).toMatch(tooMany);
    expect((await login(t.app, { username: email, password }, '10.4.0.2')).statusCode).toBe(200);
  });

  it('limits the public contact form per IP', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/ph/contact/',
        remoteAddress: '10.5.0.1',
        payload: { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'Hi there' },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json<{ detail: string }>().detail).toMatch(tooMany);
  });
});
