import type { LightMyRequestResponse } from 'fastify';
import type { Role, UserRow } from '../../../server/db/schema';
import { buildClaims } from '../../../server/modules/auth/claims';
import { signAccessToken } from '../../../server/modules/auth/jwt';
import { hashPassword } from '../../../server/lib/password';
import { insertUser } from '../../../server/modules/shared/users-repo';
import type { TestApp } from './app';

// Fast fixtures for the organization tests: users are inserted with one precomputed password hash and get
// access tokens signed directly (no login round trip), so a role matrix stays quick.
export const fixturePassword = 'violet-harbour-42-lamp';
let hash: Promise<string> | undefined;
let n = 0;

export async function quickUser(
  t: TestApp,
  options: { role?: Role; organizationId?: number | null; email?: string } = {},
): Promise<UserRow> {
  hash ??= hashPassword(fixturePassword);
  n += 1;
  const role = options.role ?? 'member';
  const email = options.email ?? `u${n}-${Date.now().toString(36)}@example.com`;
  return insertUser(t.db, {
    username: email,
    email,
    password_hash: await hash,
    role,
    is_support: role === 'support',
    organization_id: role === 'support' ? null : (options.organizationId ?? null),
    alerts_email: null,
    totp_secret_enc: null,
    totp_last_step: null,
    stripe_customer_id: null,
  });
}

export async function tokenFor(t: TestApp, user: UserRow): Promise<string> {
  const claims = await buildClaims(t.db, user);
  return signAccessToken(claims, t.ctx.config.jwtSecret, 900, t.ctx.now());
}

export type Tenant = {
  org: { id: number; name: string };
  owner: UserRow;
  admin: UserRow;
  member: UserRow;
  tokens: Record<'owner' | 'admin' | 'member', string>;
};

// An organization with an owner, an admin and a member, plus one domain and one domain group.
export async function seedTenant(
  t: TestApp,
  name: string,
  domain: string,
): Promise<Tenant & { domainId: number; groupId: number }> {
  const org = await t.db
    .insertInto('organizations')
    .values({ name, benefits: '{}' })
    .returningAll()
    .executeTakeFirstOrThrow();
  const owner = await quickUser(t, { role: 'owner', organizationId: org.id });
  await t.db.updateTable('organizations').set({ owner_id: owner.id }).where('id', '=', org.id).execute();
  const admin = await quickUser(t, { role: 'admin', organizationId: org.id });
  const member = await quickUser(t, { role: 'member', organizationId: org.id });
  const d = await t.db
    .insertInto('domains')
    .values({ name: domain, organization_id: org.id, verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const g = await t.db
    .insertInto('domain_groups')
    .values({ name: `${name} group`, organization_id: org.id, owner_id: owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('domain_group_domains')
    .values({ organization_id: org.id, group_id: g.id, domain_id: d.id })
    .execute();
  return {
    org,
    owner,
    admin,
    member,
    tokens: {
      owner: await tokenFor(t, owner),
      admin: await tokenFor(t, admin),
      member: await tokenFor(t, member),
    },
    domainId: d.id,
    groupId: g.id,
  };
}

export function call(
  t: TestApp,
  method: string,
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}
