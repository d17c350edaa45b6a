import { login, makeUser, startTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { LOGIN_RATE_LIMIT: '3', LOGIN_RATE_LIMIT_IP: '5', CONTACT_RATE_LIMIT: '2' },
  });
});
afterAll(async () => {
  await t.close();
});

const tooMany = /^Too many attempts\. Try again in \d+ seconds\.$/;

describe('login rate limits', () => {
  it('locks an account after LOGIN_RATE_LIMIT failures, even with the right password, for the window', async () => {
    const { email, password } = await makeUser(t.db);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await login(t.app, { username: email, password: 'bad-password' }, `10.2.0.${i}`)).statusCode,
      ).toBe(400);
    }
    const locked = await login(t.app, { username: email, password }, '10.2.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ detail: string }>().detail).toMatch(tooMany);
    const seconds = Number(/in (\d+) seconds/.exec(locked.json<{ detail: string }>().detail)?.[1]);
    expect(seconds).toBeGreaterThan(800);
    expect(seconds).toBeLessThanOrEqual(900);
    expect(locked.headers['retry-after']).toBe(String(seconds));
    t.clock.offsetMs = 16 * 60_000;
    try {
      expect((await login(t.app, { username: email, password }, '10.2.1.1')).statusCode).toBe(200);
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('resets the account counter on a successful login', async () => {
    const { email, password } = await makeUser(t.db);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await login(t.app, { username: email, password: 'bad' }, `10.3.${round}.${i}`)).statusCode,
        ).toBe(400);
      }
      expect((await login(t.app, { username: email, password }, '10.3.9.9')).statusCode).toBe(200);
    }
    // Four failures in the window, but never three in a row: still allowed.
    expect((await login(t.app, { username: email, password: 'bad' }, '10.3.9.8')).statusCode).toBe(400);
  });

  it('limits one IP across many accounts with LOGIN_RATE_LIMIT_IP', async () => {
    const ip = '10.4.0.1';
    for (let i = 0; i < 5; i += 1) {
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
