import { login, postForm, startTestApp, type TestApp } from './support/app';
import { call, fixturePassword, quickUser, tokenFor } from './support/orgs';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function lastMailTo(to: string) {
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('to', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}
const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)?.[1] ?? '';
const post = (url: string, payload: Record<string, string>, ip = '10.0.0.1') =>
  postForm(t.app, url, payload, ip);

describe('sign-up and verification', () => {
  it('creates an inactive client, mails a single-use link, activates, then logs in', async () => {
    const signup = {
      name: 'Ana Clara',
      username: 'ana.clara',
      password: 'violet-harbour-42-lamp',
      email: 'ana@example.com',
    };
    const res = await post('/api/ph/register-client/', signup);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ detail: 'Check your e-mail to confirm your account.' });
    expect((await login(t.app, { username: 'ana.clara', password: signup.password })).statusCode).toBe(400);
    const mail = await lastMailTo('ana@example.com');
    expect(mail.subject).toBe('Confirm your msas account');
    expect(mail.text).toContain('http://localhost:8080/confirm-registration?token=');
    const token = tokenIn(mail.text);
    const ok = await post('/api/ph/confirm-registration/', { token });
    expect(ok.json()).toMatchObject({ username: 'ana.clara', is_active: true });
    const reuse = await post('/api/ph/confirm-registration/', { token });
    expect(reuse.json()).toMatchObject({ token: ['Invalid or expired token.'] });
    const logged = await login(t.app, { username: 'ana.clara', password: signup.password });
    expect(logged.statusCode).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'ana.clara')
      .executeTakeFirstOrThrow();
    const org = await t.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', user.organization_id!)
      .executeTakeFirstOrThrow();
    expect({ role: user.role, orgName: org.name, owner: org.owner_id }).toEqual({
      role: 'client',
      orgName: 'Ana Clara',
      owner: user.id,
    });
  });

  it('applies the password policy and answers a taken username or address like a new sign-up', async () => {
    const weak = await post(
      '/api/ph/register-client/',
      { name: 'B', username: 'bob', password: 'password123', email: 'b@example.com' },
      '10.0.0.2',
    );
    expect(weak.json()).toMatchObject({ password: ['This password is too common.'] });
    await t.db.updateTable('users').set({ language: 'pt' }).where('username', '=', 'ana.clara').execute();
    const fresh = await post(
      '/api/ph/register-client/',
      { name: 'D', username: 'dora', password: 'amber-river-77-kite', email: 'dora@example.com' },
      '10.0.0.3',
    );
    const takenUsername = await post(
      '/api/ph/register-client/',
      { name: 'B', username: 'Ana.Clara', password: 'amber-river-77-kite', email: 'b@example.com' },
      '10.0.0.2',
    );
    const takenEmail = await post(
      '/api/ph/register-client/',
      { name: 'C', username: 'carla', password: 'amber-river-77-kite', email: 'ANA@example.com' },
      '10.0.0.2',
    );
    for (const res of [takenUsername, takenEmail]) {
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.body).toBe(fresh.body);
    }
    expect(fresh.json()).toMatchObject({ detail: 'Check your e-mail to confirm your account.' });
    const created = await t.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', ['dora', 'carla', 'Ana.Clara'])
      .execute();
    expect(created.map((u) => u.username)).toEqual(['dora']);
    expect(await t.db.selectFrom('outbox').select('id').where('to', '=', 'b@example.com').execute()).toEqual(
      [],
    );
    // Both attempts mailed the holder of ana.clara (in her language) a notice with a working reset link.
    const notices = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', 'ana@example.com')
      .where('subject', '=', 'Alguém tentou se cadastrar no msas com seu endereço')
      .orderBy('id')
      .execute();
    expect(notices).toHaveLength(2);
    expect(notices[1]?.text).toContain('ana.clara');
    expect(notices[1]?.text).toContain('http://localhost:8080/password-reset?username=ana.clara&token=');
    const reset = await post('/api/ph/password-reset/confirm/', {
      username: 'ana.clara',
      token: tokenIn(notices[1]!.text),
      password: 'a-new-violet-harbour-9',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('mails an unconfirmed account a fresh verification link instead of a second account', async () => {
    const signup = {
      name: 'Eva',
      username: 'eva',
      password: 'amber-river-77-kite',
      email: 'eva@example.com',
    };
    await post('/api/ph/register-client/', signup, '10.0.0.4');
    const first = tokenIn((await lastMailTo('eva@example.com')).text);
    const again = await post('/api/ph/register-client/', { ...signup, username: 'eva2' }, '10.0.0.4');
    expect(again.json()).toMatchObject({ detail: 'Check your e-mail to confirm your account.' });
    const second = await lastMailTo('eva@example.com');
    expect(second.subject).toBe('Confirm your msas account');
    expect(tokenIn(second.text)).not.toBe(first);
    const users = await t.db
      .selectFrom('users')
      .select('username')
      .where('email', '=', 'eva@example.com')
      .execute();
    expect(users).toEqual([{ username: 'eva' }]);
    expect((await post('/api/ph/confirm-registration/', { token: first })).statusCode).toBe(400);
    expect((await post('/api/ph/confirm-registration/', { token: tokenIn(second.text) })).statusCode).toBe(
      200,
    );
  });

  it('rate limits sign-up per IP', async () => {
    const body = { name: 'R', username: 'r', password: 'x', email: 'r@example.com' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await post('/api/ph/register-client/', body, '10.0.0.9')).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[5]).toBe(429);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses and resets with a single-use token', async () => {
    const user = await quickUser(t, { email: 'reset-me@example.com' });
    const known = await post('/api/ph/password-reset/', { email: 'reset-me@example.com' }, '10.0.1.1');
    const unknown = await post('/api/ph/password-reset/', { email: 'nobody@example.com' }, '10.0.1.1');
    expect([known.statusCode, unknown.statusCode]).toEqual([201, 201]);
    expect(known.body).toBe(unknown.body);
    const token = tokenIn((await lastMailTo('reset-me@example.com')).text);
    const weak = await post('/api/ph/password-reset/confirm/', { token, password: 'reset-me@example.com' });
    expect(weak.json()).toMatchObject({ password: ['The password is too similar to the username.'] });
    const wrongUser = await post('/api/ph/password-reset/confirm/', {
      username: 'someone',
      token,
      password: 'amber-river-77-kite',
    });
    expect(wrongUser.json()).toMatchObject({ token: ['Invalid or expired token.'] });
    const ok = await post('/api/ph/password-reset/confirm/', {
      username: user.username,
      token,
      password: 'amber-river-77-kite',
    });
    expect(ok.statusCode).toBe(200);
    const again = await post('/api/ph/password-reset/confirm/', { token, password: 'another-river-88-kite' });
    expect(again.json()).toMatchObject({ token: ['Invalid or expired token.'] });
    expect(
      (await login(t.app, { username: user.username, password: 'amber-river-77-kite' })).statusCode,
    ).toBe(200);
  });
});

describe('change password', () => {
  it('answers __all__ errors, revokes refresh tokens and returns a new pair', async () => {
    const user = await quickUser(t);
    const first = (await login(t.app, { username: user.username, password: fixturePassword })).json<{
      refresh: string;
    }>();
    const token = await tokenFor(t, user);
    const body = (current: string, next: string, confirm = next) => ({
      current_password: current,
      new_password: next,
      confirm_password: confirm,
    });
    const wrong = await call(
      t,
      'POST',
      '/api/ph/change-password/',
      token,
      body('nope', 'amber-river-77-kite'),
    );
    expect(wrong.json()).toMatchObject({ __all__: ['Your current password is incorrect.'] });
    const differ = await call(
      t,
      'POST',
      '/api/ph/change-password/',
      token,
      body(fixturePassword, 'amber-river-77-kite', 'x'),
    );
    expect(differ.json()).toMatchObject({ __all__: ["The two password fields didn't match."] });
    const short = await call(t, 'POST', '/api/ph/change-password/', token, body(fixturePassword, 'short'));
    expect(short.json()).toMatchObject({
      __all__: ['This password is too short. It must contain at least 10 characters.'],
    });
    const ok = await call(
      t,
      'POST',
      '/api/ph/change-password/',
      token,
      body(fixturePassword, 'amber-river-77-kite'),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ detail: 'Your password has been changed.' });
    const old = await post('/api/ph/authenticate/refresh/', { refresh: first.refresh });
    expect(old.statusCode).toBe(401);
    const fresh = await post('/api/ph/authenticate/refresh/', { refresh: ok.json().refresh });
    expect(fresh.statusCode).toBe(200);
    expect((await lastMailTo(user.email)).subject).toBe('Your msas password was changed');
  });
});

describe('alerts e-mail', () => {
  it('stores the address and shows it on the current user', async () => {
    const user = await quickUser(t);
    const token = await tokenFor(t, user);
    const bad = await call(t, 'POST', '/api/ph/settings/alerts-email/', token, { alerts_email: 'nope' });
    expect(bad.json()).toMatchObject({ alerts_email: ['Enter a valid email address.'] });
    const ok = await call(t, 'POST', '/api/ph/settings/alerts-email/', token, {
      alerts_email: 'alerts@example.com',
    });
    expect(ok.json()).toEqual({ alerts_email: 'alerts@example.com' });
    const me = await call(t, 'GET', `/api/ph/users/${user.id}/`, token);
    expect(me.json().data.attributes.alerts_email).toBe('alerts@example.com');
  });
});
