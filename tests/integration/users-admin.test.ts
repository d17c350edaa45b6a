import { insertAuditOperation } from '../../server/modules/shared/audit-repo';
import { login, startTestApp, type TestApp } from './support/app';
import { call, fixturePassword, quickUser, seedTenant, tokenFor } from './support/orgs';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Users A', 'users-a.example.com');
});
afterAll(async () => {
  await t.close();
});

describe('users administration', () => {
  it('lists with search, group and page; members may not list', async () => {
    const all = await call(t, 'GET', '/api/ph/users/?search=&group=&page=1', a.tokens.admin);
    expect(all.json().meta.count).toBe(3);
    const admins = await call(t, 'GET', '/api/ph/users/?group=2&page=1', a.tokens.admin);
    expect(admins.json().data.map((u: { id: number }) => u.id)).toEqual([a.admin.id]);
    const search = await call(
      t,
      'GET',
      `/api/ph/users/?search=${a.member.email.slice(0, 6)}`,
      a.tokens.owner,
    );
    expect(search.json().data.map((u: { id: number }) => u.id)).toEqual([a.member.id]);
    expect((await call(t, 'GET', '/api/ph/users/', a.tokens.member)).statusCode).toBe(403);
  });

  it('answers the authorization groups and changes a group (admins only to member)', async () => {
    const groups = await call(t, 'GET', '/api/ph/authorization-groups/', a.tokens.member);
    expect(
      groups.json().data.map((g: { id: number; attributes: { name: string } }) => [g.id, g.attributes.name]),
    ).toEqual([
      [1, 'Owner'],
      [2, 'Admin'],
      [3, 'Member'],
      [4, 'Support'],
      [5, 'Client'],
    ]);
    const byAdmin = await call(t, 'PATCH', `/api/ph/users/${a.member.id}/groups/`, a.tokens.admin, {
      groups: [2],
    });
    expect(byAdmin.statusCode).toBe(403);
    const toOwner = await call(t, 'PATCH', `/api/ph/users/${a.member.id}/groups/`, a.tokens.owner, {
      groups: [1],
    });
    expect(toOwner.json()).toMatchObject({
      groups: ['This group cannot be assigned here; use the owner transfer instead.'],
    });
    const ok = await call(t, 'PATCH', `/api/ph/users/${a.member.id}/groups/`, a.tokens.owner, {
      groups: [2],
    });
    expect(ok.json().data.attributes.groups).toEqual([{ label: 'Admin', value: 2 }]);
    const perms = await call(t, 'GET', `/api/ph/users/${a.member.id}/permissions/`, a.tokens.owner);
    expect(perms.json().permissions).toContain('members.change');
    await call(t, 'PATCH', `/api/ph/users/${a.member.id}/groups/`, a.tokens.owner, { groups: [3] });
  });

  it('creates a member within the organization and updates users', async () => {
    const created = await call(t, 'POST', '/api/ph/users/', a.tokens.admin, {
      username: 'new.member',
      email: 'new.member@example.com',
      password: 'amber-river-77-kite',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.attributes).toMatchObject({ organization: a.org.id, role: 'member' });
    const taken = await call(t, 'POST', '/api/ph/users/', a.tokens.admin, {
      username: 'NEW.member',
      email: 'x@example.com',
    });
    expect(taken.json()).toMatchObject({ username: ['A user with that username already exists.'] });
    const patched = await call(t, 'PATCH', `/api/ph/users/${created.json().data.id}/`, a.tokens.admin, {
      name: 'New Member',
    });
    expect(patched.json().data.attributes.name).toBe('New Member');
    const onOwner = await call(t, 'PATCH', `/api/ph/users/${a.owner.id}/`, a.tokens.admin, { name: 'x' });
    expect(onOwner.statusCode).toBe(403);
  });

  it('deletes accounts: owners with members must transfer first, a sole owner takes the organization along', async () => {
    const blocked = await call(t, 'POST', `/api/ph/users/${a.owner.id}/delete/`, a.tokens.owner, {
      password: fixturePassword,
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toMatchObject({
      organization: [
        'This user owns an organization that has other members. Transfer the ownership before deleting the account.',
      ],
    });
    const noPassword = await call(t, 'POST', `/api/ph/users/${a.member.id}/delete/`, a.tokens.member, {});
    expect(noPassword.json()).toMatchObject({ password: ['Enter your password to delete your account.'] });
    const solo = await seedTenant(t, 'Solo', 'solo.example.com');
    for (const u of [solo.admin, solo.member])
      await t.db.updateTable('users').set({ organization_id: null }).where('id', '=', u.id).execute();
    const del = await call(t, 'POST', `/api/ph/users/${solo.owner.id}/delete/`, solo.tokens.owner, {
      password: fixturePassword,
    });
    expect(del.json()).toMatchObject({ detail: 'The account has been deleted.' });
    expect(
      await t.db.selectFrom('organizations').select('id').where('id', '=', solo.org.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      (await login(t.app, { username: solo.owner.username, password: fixturePassword })).statusCode,
    ).toBe(400);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', solo.owner.id)
      .executeTakeFirstOrThrow();
    expect({ active: row.is_active, email: row.email }).toEqual({ active: false, email: '' });
  });
});

describe('member registrations', () => {
  it('invites by e-mail, resends with a new link, and the invitee confirms once', async () => {
    const invite = await call(t, 'POST', '/api/ph/member-registrations/', a.tokens.admin, {
      email: 'invitee@example.com',
    });
    expect(invite.statusCode).toBe(201);
    const id = invite.json().data.id;
    const twice = await call(t, 'POST', '/api/ph/member-registrations/', a.tokens.admin, {
      email: 'INVITEE@example.com',
    });
    expect(twice.json()).toMatchObject({
      email: ['An invitation to this address is pending; resend it instead.'],
    });
    const firstMail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', 'invitee@example.com')
      .executeTakeFirstOrThrow();
    expect(firstMail.subject).toBe('You are invited to join Users A on msas');
    const resend = await call(t, 'POST', `/api/ph/member-registrations/${id}/resend-email/`, a.tokens.admin);
    expect(resend.json().data.attributes.sent_count).toBe(2);
    const mails = await t.db
      .selectFrom('outbox')
      .select('text')
      .where('to', '=', 'invitee@example.com')
      .orderBy('id')
      .execute();
    const [oldToken, newToken] = mails.map((m) => /token=([\w-]+)/.exec(m.text)![1]!);
    const confirm = (token: string) =>
      call(t, 'POST', '/api/ph/member-registrations/confirm/', null, {
        token,
        username: 'invitee',
        password: 'amber-river-77-kite',
      });
    expect((await confirm(oldToken!)).json()).toMatchObject({ token: ['Invalid or expired token.'] });
    const ok = await confirm(newToken!);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ username: 'invitee', organization: a.org.id });
    expect((await confirm(newToken!)).statusCode).toBe(400);
    expect((await login(t.app, { username: 'invitee', password: 'amber-river-77-kite' })).statusCode).toBe(
      200,
    );
  });
});

describe('audit, publications and dynamic settings', () => {
  it('lists audit operations of the organization with filters; support sees all', async () => {
    const res = await call(
      t,
      'GET',
      `/api/ph/v2/audit/operations/?operation=users.create&user=${a.admin.id}`,
      a.tokens.owner,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThan(0);
    for (const op of body.data)
      expect(op.attributes).toMatchObject({ name: 'users.create', user: a.admin.id });
    const withPassword = body.data.find(
      (op: { attributes: { request: { body: Record<string, unknown> } } }) =>
        'password' in op.attributes.request.body,
    );
    expect(withPassword.attributes.request.body.password).toBe('[redacted]');
    expect(body.meta.operations).toContain('member_registrations.create');
    const future = await call(t, 'GET', '/api/ph/v2/audit/operations/?date_from=2999-01-01', a.tokens.owner);
    expect(future.json().meta.count).toBe(0);
    expect((await call(t, 'GET', '/api/ph/v2/audit/operations/', a.tokens.member)).statusCode).toBe(403);
    const support = await tokenFor(t, await quickUser(t, { role: 'support' }));
    const all = await call(t, 'GET', '/api/ph/v2/audit/operations/?page_size=100', support);
    expect(all.json().meta.count).toBeGreaterThan(body.meta.count);
    // An entry of no organization (the CLI, a job) is in the instance-wide table: support sees it, an
    // organization does not; ids are unique across both tables (one sequence).
    await insertAuditOperation(t.db, {
      name: 'jobs.purge',
      user_id: null,
      organization_id: null,
      request: { via: 'cli' },
      response_status: 200,
    });
    const cli = await call(t, 'GET', '/api/ph/v2/audit/operations/?operation=jobs.purge', support);
    expect(cli.json().data).toHaveLength(1);
    expect(cli.json().data[0].attributes).toMatchObject({ name: 'jobs.purge', user: null });
    const own = await call(t, 'GET', '/api/ph/v2/audit/operations/?operation=jobs.purge', a.tokens.owner);
    expect(own.json().meta.count).toBe(0);
    const everything = await call(t, 'GET', '/api/ph/v2/audit/operations/?page_size=100', support);
    const ids = everything.json().data.map((op: { id: number }) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks a publication seen: it leaves the token claim and the current user', async () => {
    const pub = await t.db
      .insertInto('publications')
      .values({ organization_id: a.org.id, title: 'Maintenance', body: 'Sunday' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await call(t, 'GET', '/api/ph/publications/', a.tokens.member);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id: pub.id, attributes: expect.objectContaining({ seen: false }) }),
    );
    expect((await call(t, 'POST', `/api/ph/publications/${pub.id}/seen/`, a.tokens.member)).statusCode).toBe(
      200,
    );
    const me = await call(t, 'GET', `/api/ph/users/${a.member.id}/`, a.tokens.member);
    expect(me.json().data.attributes.publications.map((p: { id: number }) => p.id)).not.toContain(pub.id);
    const token = await tokenFor(t, a.member);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      publications: { id: number }[];
    };
    expect(claims.publications.map((p) => p.id)).not.toContain(pub.id);
  });

  it('stores dynamic settings, caps retention, keeps the mailbox password write-only', async () => {
    const patch = await call(t, 'PATCH', '/api/ph/settings/organization/', a.tokens.admin, {
      default_language: 'pt',
      retention_days: 20,
      rua_mailbox: { host: 'imap.example.com', port: 993, username: 'rua', password: 's3cret-imap' },
      alert_defaults: { destination_addresses: ['ops@example.com'] },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.body).not.toContain('s3cret-imap');
    expect(patch.json().data.attributes).toMatchObject({
      default_language: 'pt',
      retention_days: 20,
      max_retention_days: 30,
      rua_mailbox: { host: 'imap.example.com', password_set: true },
    });
    const stored = await t.db
      .selectFrom('organizations')
      .select('settings')
      .where('id', '=', a.org.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.settings)).not.toContain('s3cret-imap');
    const tooLong = await call(t, 'PATCH', '/api/ph/settings/organization/', a.tokens.admin, {
      retention_days: 31,
    });
    expect(tooLong.json()).toMatchObject({
      retention_days: ['Ensure this value is less than or equal to 30.'],
    });
    expect((await call(t, 'GET', '/api/ph/settings/organization/', a.tokens.member)).statusCode).toBe(403);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('request')
      .where('name', '=', 'settings.organization.update')
      .execute();
    expect(JSON.stringify(audit)).not.toContain('s3cret-imap');
  });
});
