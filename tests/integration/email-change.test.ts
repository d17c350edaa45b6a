import type { UserRow } from '../../server/db/schema';
import { insertUser } from '../../server/modules/shared/users-repo';
import { login, startTestApp, type TestApp } from './support/app';
import { call, fixturePassword, quickUser, seedTenant, tokenFor } from './support/orgs';

// Changing an account's address (PATCH /users/{id}/ {email}): the current password, a confirmation link to
// the new address, notices to the old one, unique addresses, and no way for a stolen access token to move
// the account to another mailbox.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const fresh = (prefix: string) => `${prefix}-${(n += 1)}-${Date.now().toString(36)}@example.com`;

function mailsTo(to: string) {
  return t.db.selectFrom('outbox').selectAll().where('to', '=', to).orderBy('id').execute();
}
const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)?.[1];
const confirm = (token: string, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/ph/email-change/confirm/',
    remoteAddress: ip,
    payload: { token },
  });
const patch = (user: UserRow, token: string, body: Record<string, unknown>) =>
  call(t, 'PATCH', `/api/ph/users/${user.id}/`, token, body);
const stored = async (user: UserRow) =>
  t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();

async function account() {
  const user = await quickUser(t, { email: fresh('owner') });
  return { user, token: await tokenFor(t, user) };
}

describe('changing your own address', () => {
  it('needs the current password: missing and wrong answer 400 on current_password and change nothing', async () => {
    const { user, token } = await account();
    const target = fresh('new');
    const missing = await patch(user, token, { email: target });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      current_password: ['Enter your current password to change your e-mail address or username.'],
    });
    const wrong = await patch(user, token, { email: target, current_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ current_password: ['Your current password is incorrect.'] });
    const rename = await patch(user, token, { username: fresh('renamed') });
    expect(rename.statusCode).toBe(400);
    expect((await stored(user)).email).toBe(user.email);
    expect((await stored(user)).username).toBe(user.username);
    expect(await mailsTo(target)).toEqual([]);
    // Other fields need no password.
    expect((await patch(user, token, { name: 'Plain Name' })).json().data.attributes.name).toBe('Plain Name');
  });

  it('limits wrong current passwords like the other password forms', async () => {
    const { user, token } = await account();
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await patch(user, token, { email: fresh('x'), current_password: 'guess' })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await patch(user, token, { email: fresh('x'), current_password: fixturePassword });
    expect(right.statusCode).toBe(429);
  });

  it('mails a link to the new address, a notice without token to the old, and waits for confirmation', async () => {
    const { user, token } = await account();
    const target = fresh('Moved');
    const res = await patch(user, token, { email: target, current_password: fixturePassword });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.attributes.email).toBe(user.email);
    expect(body.meta.email_change.email).toBe(target);
    expect(JSON.stringify(body)).not.toMatch(/token/i);
    expect((await stored(user)).email).toBe(user.email);

    const [toNew] = await mailsTo(target);
    expect(toNew!.subject).toBe('Confirm your new msas address');
    expect(toNew!.text).toContain('http://localhost:8080/confirm-email-change#token=');
    const link = tokenIn(toNew!.text)!;
    const [notice] = await mailsTo(user.email);
    expect(notice!.subject).toBe('Your msas address is being changed');
    expect(notice!.text).toContain(target);
    expect(notice!.text).not.toMatch(/token|http/i);

    const pending = await call(t, 'GET', `/api/ph/users/${user.id}/email-change/`, token);
    expect(pending.json().email_change).toMatchObject({ email: target });

    // A password reset asked for the new address finds nothing yet.
    await t.app.inject({ method: 'POST', url: '/api/ph/password-reset/', payload: { email: target } });
    expect((await mailsTo(target)).map((m) => m.subject)).toEqual(['Confirm your new msas address']);

    const done = await confirm(link);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ detail: 'Your e-mail address has been changed.' });
    const after = await stored(user);
    // The username was the address, so it follows it: the account logs in with the new one.
    expect({ email: after.email, username: after.username }).toEqual({ email: target, username: target });
    expect((await login(t.app, { username: target, password: fixturePassword })).statusCode).toBe(200);
    const notices = await mailsTo(user.email);
    expect(notices.map((m) => m.subject)).toEqual([
      'Your msas address is being changed',
      'Your msas address was changed',
    ]);
    expect(notices[1]!.text).not.toMatch(/token|http/i);
    expect((await call(t, 'GET', `/api/ph/users/${user.id}/email-change/`, token)).json()).toEqual({
      email_change: null,
    });

    const audit = await t.db
      .selectFrom('audit_operations')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('name', 'in', ['users.update', 'users.email_change.confirm'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.name, a.response_status])).toEqual([
      ['users.update', 200],
      ['users.email_change.confirm', 200],
    ]);
    const recorded = JSON.stringify(audit.map((a) => a.request)) + t.logs.join('');
    expect(recorded).not.toContain(link);
    expect(recorded).not.toContain(fixturePassword);
  });

  it('refuses a spent, expired, cancelled or unknown link, and one asked for before a password change', async () => {
    const ask = async (user: UserRow, token: string) => {
      const target = fresh('again');
      await patch(user, token, { email: target, current_password: fixturePassword });
      return { target, link: tokenIn((await mailsTo(target))[0]!.text)! };
    };
    const invalid = { token: ['Invalid or expired token.'] };
    const { user, token } = await account();

    const first = await ask(user, token);
    expect((await confirm(first.link)).statusCode).toBe(200);
    const reuse = await confirm(first.link);
    expect([reuse.statusCode, reuse.json()]).toMatchObject([400, invalid]);

    const late = await ask(user, token);
    t.clock.offsetMs = 25 * 3_600_000;
    try {
      expect((await confirm(late.link)).json()).toMatchObject(invalid);
    } finally {
      t.clock.offsetMs = 0;
    }

    const cancelled = await ask(user, token);
    const cancel = await call(t, 'DELETE', `/api/ph/users/${user.id}/email-change/`, token);
    expect(cancel.json()).toEqual({ email_change: null });
    expect((await confirm(cancelled.link)).json()).toMatchObject(invalid);

    // A second request replaces the first: only the newest link works.
    const older = await ask(user, token);
    const newer = await ask(user, token);
    expect((await confirm(older.link)).json()).toMatchObject(invalid);

    const other = await account();
    const beforeReset = await ask(other.user, other.token);
    await call(t, 'POST', '/api/ph/change-password/', other.token, {
      current_password: fixturePassword,
      new_password: 'amber-river-77-kite',
      confirm_password: 'amber-river-77-kite',
    });
    expect((await confirm(beforeReset.link)).json()).toMatchObject(invalid);
    expect((await stored(other.user)).email).toBe(other.user.email);

    expect((await confirm('not-a-token')).json()).toMatchObject(invalid);
    expect((await confirm(newer.link)).statusCode).toBe(200);
    expect((await stored(user)).email).toBe(newer.target);
  });

  it('does not reveal or take an address another account uses (any case)', async () => {
    const holder = await quickUser(t, { email: fresh('holder') });
    const { user, token } = await account();
    const free = fresh('free');
    const taken = holder.email.toUpperCase();
    const a = await patch(user, token, { email: free, current_password: fixturePassword });
    const b = await patch(user, token, { email: taken, current_password: fixturePassword });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const shape = (r: typeof a) => {
      const body = r.json();
      return { ...body, meta: { email_change: { ...body.meta.email_change, email: '', expires_at: '' } } };
    };
    expect(shape(b)).toEqual(shape(a));
    expect(b.json().meta.email_change.email).toBe(taken);

    const [inUse] = await mailsTo(taken);
    expect(inUse!.subject).toBe('This address is already used on msas');
    expect(tokenIn(inUse!.text)).toBeUndefined();
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
      'Your msas address is being changed',
      'Your msas address is being changed',
    ]);
    expect((await stored(user)).email).toBe(user.email);
    expect((await stored(holder)).email).toBe(holder.email);
  });
});

describe('a stolen access token', () => {
  it('cannot move the account to another mailbox and take it over through a password reset', async () => {
    const { user, token } = await account();
    const attacker = fresh('attacker');
    for (const body of [
      { email: attacker },
      { email: attacker, current_password: '' },
      { username: attacker },
    ])
      expect((await patch(user, token, body)).statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/ph/password-reset/', payload: { email: attacker } });
    expect(await mailsTo(attacker)).toEqual([]);
    const row = await stored(user);
    expect({ email: row.email, username: row.username }).toEqual({
      email: user.email,
      username: user.username,
    });
  });
});

describe('an owner or admin changing a member', () => {
  it("sets the member's address at once, tells the old address, and keeps addresses unique", async () => {
    const tenant = await seedTenant(t, `Email change ${fresh('org')}`, `${n}-ec.example.com`);
    const member = tenant.member;
    const target = fresh('member-new');
    const res = await patch(member, tenant.tokens.admin, { email: target });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.email).toBe(target);
    const [notice] = await mailsTo(member.email);
    expect(notice!.subject).toBe('Your msas address was changed');
    expect(notice!.text).toContain(target);
    expect(notice!.text).not.toMatch(/token|http/i);

    const clash = await patch(member, tenant.tokens.admin, { email: tenant.owner.email.toUpperCase() });
    expect([clash.statusCode, clash.json()]).toMatchObject([
      400,
      { email: ['A user with that e-mail address already exists.'] },
    ]);
    expect((await stored(member)).email).toBe(target);
    const created = await call(t, 'POST', '/api/ph/users/', tenant.tokens.admin, {
      username: fresh('someone'),
      email: target.toUpperCase(),
    });
    expect(created.json()).toMatchObject({ email: ['A user with that e-mail address already exists.'] });
  });
});

describe('address uniqueness in the database', () => {
  it('answers 400, not 500, when an invitation is accepted for an address that has an account', async () => {
    const tenant = await seedTenant(t, `Invites ${fresh('org')}`, `${n}-inv.example.com`);
    const holder = await quickUser(t, { email: fresh('invitee') });
    const invite = await call(t, 'POST', '/api/ph/member-registrations/', tenant.tokens.owner, {
      email: holder.email,
    });
    expect(invite.statusCode).toBe(201);
    const token = tokenIn((await mailsTo(holder.email))[0]!.text)!;
    const accept = await call(t, 'POST', '/api/ph/member-registrations/confirm/', null, {
      token,
      username: fresh('second-account'),
      password: 'amber-river-77-kite',
    });
    expect([accept.statusCode, accept.json()]).toMatchObject([
      400,
      { email: ['A user with that e-mail address already exists.'] },
    ]);
  });

  it('refuses a second account with the same address in any case, whatever path writes it', async () => {
    const first = await quickUser(t, { email: fresh('Unique') });
    const again = (fields: { username: string; email: string }) =>
      insertUser(t.db, {
        ...fields,
        password_hash: first.password_hash,
        alerts_email: null,
        totp_secret_enc: null,
        totp_last_step: null,
        stripe_customer_id: null,
        organization_id: null,
      });
    await expect(again({ username: fresh('other'), email: first.email.toLowerCase() })).rejects.toMatchObject(
      {
        status: 400,
        body: { email: ['A user with that e-mail address already exists.'] },
      },
    );
    await expect(
      again({ username: first.username.toUpperCase(), email: fresh('other') }),
    ).rejects.toMatchObject({
      status: 400,
      body: { username: ['A user with that username already exists.'] },
    });
  });
});
