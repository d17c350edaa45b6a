import { startTestApp, type TestApp } from './support/app';
import { call, quickUser, seedTenant, tokenFor } from './support/orgs';

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await seedTenant(t, 'Org A', 'org-a.example.com');
});
afterAll(async () => {
  await t.close();
});

describe('organizations', () => {
  it('lists the caller organization with relationships, paging links and meta', async () => {
    const res = await call(t, 'GET', '/api/ph/organizations/?page=1&order_by=name', a.tokens.member);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      type: 'organizations',
      id: a.org.id,
      attributes: { name: 'Org A', benefits: { domains: 100, organization_members_limit: 10 } },
      relationships: {
        owner: { data: { type: 'users', id: a.owner.id } },
        domains: { data: [{ type: 'domains', id: a.domainId }] },
        domain_groups: { data: [{ type: 'domain_groups', id: a.groupId }] },
      },
    });
    expect(body.data[0].relationships.members.data).toHaveLength(3);
    expect(body.links).toEqual({
      current: '/api/ph/organizations/?page=1&order_by=name',
      first: '/api/ph/organizations/?page=1&order_by=name',
      last: '/api/ph/organizations/?page=1&order_by=name',
      next: null,
      prev: null,
    });
    expect(body.meta).toMatchObject({ count: 1, page: 1 });
  });

  it('lets support create an organization for a new owner in two steps', async () => {
    const support = await quickUser(t, { role: 'support' });
    const token = await tokenFor(t, support);
    const created = await call(t, 'POST', '/api/ph/users/', token, {
      username: 'newowner',
      email: 'newowner@example.com',
    });
    expect(created.statusCode).toBe(201);
    const ownerId = created.json().data.id;
    const org = await call(t, 'POST', '/api/ph/organizations/', token, { name: 'Fresh', owner: ownerId });
    expect(org.statusCode).toBe(201);
    expect(org.json().data.relationships.owner.data).toEqual({ type: 'users', id: ownerId });
    const again = await call(t, 'POST', '/api/ph/organizations/', token, { name: 'Again', owner: ownerId });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ owner: ['This user already belongs to an organization.'] });
    const byOwner = await call(t, 'POST', '/api/ph/organizations/', a.tokens.owner, {
      name: 'X',
      owner: ownerId,
    });
    expect(byOwner.statusCode).toBe(403);
  });

  it('enforces the member limit with a clear 400', async () => {
    const b = await seedTenant(t, 'Small', 'small.example.com');
    await t.db
      .updateTable('organizations')
      .set({ benefits: JSON.stringify({ organization_members_limit: 3 }) })
      .where('id', '=', b.org.id)
      .execute();
    const loner = await quickUser(t);
    const res = await call(t, 'POST', `/api/ph/organizations/${b.org.id}/members/`, b.tokens.admin, {
      user: loner.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      non_field_errors: [
        'This organization has reached its limit of 3 members. Remove a member or upgrade the plan.',
      ],
    });
    const invite = await call(t, 'POST', '/api/ph/member-registrations/', b.tokens.owner, {
      email: 'x@example.com',
    });
    expect(invite.statusCode).toBe(400);
  });

  it('adds and removes members, promotes admins, transfers ownership, deletes with 204', async () => {
    const b = await seedTenant(t, 'Life', 'life.example.com');
    const joiner = await quickUser(t);
    const add = await call(t, 'POST', `/api/ph/organizations/${b.org.id}/members/`, b.tokens.admin, {
      user: joiner.id,
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().data.relationships.members.data).toContainEqual({ type: 'users', id: joiner.id });
    const promoteByAdmin = await call(
      t,
      'POST',
      `/api/ph/organizations/${b.org.id}/admins/`,
      b.tokens.admin,
      { user: joiner.id },
    );
    expect(promoteByAdmin.statusCode).toBe(403);
    const promote = await call(t, 'POST', `/api/ph/organizations/${b.org.id}/admins/`, b.tokens.owner, {
      user: joiner.id,
    });
    expect(promote.statusCode).toBe(200);
    const removeOwner = await call(
      t,
      'DELETE',
      `/api/ph/organizations/${b.org.id}/members/`,
      b.tokens.admin,
      { user: b.owner.id },
    );
    expect(removeOwner.statusCode).toBe(400);
    const remove = await call(t, 'DELETE', `/api/ph/organizations/${b.org.id}/members/`, b.tokens.admin, {
      user: b.member.id,
    });
    expect(remove.statusCode).toBe(204);
    const transfer = await call(t, 'PATCH', `/api/ph/organizations/${b.org.id}/owner/`, b.tokens.owner, {
      owner: joiner.id,
    });
    expect(transfer.statusCode).toBe(200);
    expect(transfer.json().data.relationships.owner.data.id).toBe(joiner.id);
    const roles = await t.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', 'in', [b.owner.id, joiner.id])
      .execute();
    expect(Object.fromEntries(roles.map((r) => [r.id, r.role]))).toEqual({
      [b.owner.id]: 'admin',
      [joiner.id]: 'owner',
    });
    const entriesOf = (table: 'organization_audit_operations' | 'instance_audit_operations') =>
      t.db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
    const before = await t.db
      .selectFrom('organization_audit_operations')
      .select(['id', 'name'])
      .where('organization_id', '=', b.org.id)
      .orderBy('id')
      .execute();
    expect(before.length).toBeGreaterThan(0);
    const del = await call(
      t,
      'DELETE',
      `/api/ph/organizations/${b.org.id}/`,
      await tokenFor(
        t,
        await t.db.selectFrom('users').selectAll().where('id', '=', joiner.id).executeTakeFirstOrThrow(),
      ),
    );
    expect(del.statusCode).toBe(204);
    expect(
      await t.db.selectFrom('domains').select('id').where('organization_id', '=', b.org.id).execute(),
    ).toEqual([]);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select(['name', 'response_status'])
      .where('name', 'like', 'organizations.%')
      .execute();
    expect(audit).toContainEqual({ name: 'organizations.delete', response_status: 204 });
    // Its entries outlive it as instance-wide ones (migration 0048), under their ids, shown to support.
    const kept = new Set((await entriesOf('instance_audit_operations')).map((e) => e.id));
    expect(before.every((e) => kept.has(e.id))).toBe(true);
    expect((await entriesOf('organization_audit_operations')).filter((e) => kept.has(e.id))).toEqual([]);
  });

  it('lets support search every organization by name, paged', async () => {
    await seedTenant(t, 'Acme 100% Mail', 'acme-search.example.com');
    await seedTenant(t, 'Acme Labs', 'acme-labs.example.com');
    const support = await tokenFor(t, await quickUser(t, { role: 'support' }));
    const all = await call(t, 'GET', '/api/ph/organizations/?search=acme&page=1&page_size=1', support);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toMatchObject({ count: 2, page: 1, page_size: 1 });
    expect(all.json().data.map((o: { attributes: { name: string } }) => o.attributes.name)).toEqual([
      'Acme 100% Mail',
    ]);
    expect(all.json().links.next).toBe('/api/ph/organizations/?search=acme&page=2&page_size=1');
    // % is a literal, not a wildcard.
    const literal = await call(t, 'GET', '/api/ph/organizations/?search=100%25&page=1', support);
    expect(literal.json().data.map((o: { id: number }) => o.id)).toHaveLength(1);
    const wild = await call(t, 'GET', '/api/ph/organizations/?search=%25&page=1', support);
    expect(wild.json().meta.count).toBe(1);
    // A member still sees only their organization, whatever the search.
    const mine = await call(t, 'GET', '/api/ph/organizations/?search=acme&page=1', a.tokens.member);
    expect(mine.json().data).toEqual([]);
  });
});

describe('invitation e-mail language', () => {
  const mailTo = (to: string) =>
    t.db
      .selectFrom('outbox')
      .select(['subject', 'text'])
      .where('to', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const invite = (token: string, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/ph/member-registrations/', token, body);
  const english = 'You are invited to join Lang on msas';
  const portuguese = 'Você foi convidado para Lang no msas';

  it('uses the chosen language, else the invitee, else the organization, else the inviter', async () => {
    const b = await seedTenant(t, 'Lang', 'lang.example.com');
    await t.db.updateTable('users').set({ language: 'pt' }).where('id', '=', b.owner.id).execute();

    expect((await invite(b.tokens.owner, { email: 'chosen@example.com', language: 'en' })).statusCode).toBe(
      201,
    );
    expect((await mailTo('chosen@example.com')).subject).toBe(english);

    // No account, no organization default: the inviter's language (pt).
    await invite(b.tokens.owner, { email: 'fresh@example.com' });
    const fresh = await mailTo('fresh@example.com');
    expect(fresh.subject).toBe(portuguese);
    expect(fresh.text).toContain('Aceite o convite');

    // The invitee already has an account whose owner chose English: their language wins over the inviter's.
    await quickUser(t, { email: 'known@example.com' });
    await t.db
      .updateTable('users')
      .set({ language: 'en' })
      .where('email', '=', 'known@example.com')
      .execute();
    await invite(b.tokens.owner, { email: 'known@example.com' });
    expect((await mailTo('known@example.com')).subject).toBe(english);

    // The organization's default language (Dynamic Settings) comes before the inviter's.
    await t.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ default_language: 'en' }) })
      .where('id', '=', b.org.id)
      .execute();
    await invite(b.tokens.owner, { email: 'orgdefault@example.com' });
    expect((await mailTo('orgdefault@example.com')).subject).toBe(english);
    await invite(b.tokens.owner, { email: 'override@example.com', language: 'pt' });
    expect((await mailTo('override@example.com')).subject).toBe(portuguese);

    const bad = await invite(b.tokens.owner, { email: 'bad@example.com', language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ language: ['Not a valid choice.'] });
  });
});
