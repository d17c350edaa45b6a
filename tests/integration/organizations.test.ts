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
    expect(again.json()).toEqual({ owner: ['This user already belongs to an organization.'] });
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
    expect(res.json()).toEqual({
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
  });
});
