import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { randomReadable } from '../../lib/crypto';
import { badRequest, fieldError, forbidden, notFound } from '../../lib/errors';
import {
  type Actor,
  canCreateUser,
  canEditUser,
  canGrantRole,
  canListUsers,
  canViewUser,
  isSupport,
} from '../../lib/permissions';
import { passwordProblems } from '../account';
import { hashPassword } from '../../lib/password';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { findOrganization } from '../shared/organization-rows';
import { assertSeatAvailable } from '../organizations';
import { addressInUse, guardAddressClash } from '../shared/addresses';
import { checkCurrentPassword } from './current-password';
import type { PendingEmailChange } from './email-change-repo';
import { requestEmailChange, setEmailByAdmin } from './email-change-service';
import { findUserById, findUserByUsername, insertUser } from '../shared/users-repo';
import { groupsFor, roleForGroup } from '../shared/roles';
import { activeUsersPage, updateUserRow } from './repo';

export function userResourceFor(user: UserRow) {
  return {
    type: 'users' as const,
    id: user.id,
    attributes: {
      username: user.username,
      email: user.email,
      name: user.name,
      role: user.role,
      groups: groupsFor(user.role),
      organization: user.organization_id,
      is_active: user.is_active,
      last_login: user.last_login ? new Date(user.last_login).toISOString() : null,
    },
  };
}

// Users the caller may see are 200; others 404 (existence is not confirmed); visible but not editable 403.
export async function visibleUser(db: Db, actor: Actor, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || !canViewUser(actor, user)) throw notFound();
  return user;
}

export async function permittedUser(
  db: Db,
  actor: Actor,
  id: number,
  allowed: (a: Actor, u: UserRow) => boolean,
): Promise<UserRow> {
  const user = await visibleUser(db, actor, id);
  if (!allowed(actor, user)) throw forbidden();
  return user;
}

// GET /users/?search=&group=&page=: support sees everyone, owners and admins their organization.
export async function listUsers(
  db: Db,
  actor: Actor,
  query: { page: number; page_size: number; search?: string; group?: number | '' },
  url: string,
) {
  if (!canListUsers(actor)) throw forbidden();
  const p = paging(query);
  const role = typeof query.group === 'number' ? roleForGroup(query.group) : undefined;
  const filter = { organizationId: isSupport(actor) ? undefined : (actor.organizationId ?? -1), role };
  const { n, rows } = await activeUsersPage(db, { ...filter, search: query.search }, p.offset, p.pageSize);
  return { data: rows.map(userResourceFor), links: pageLinks(url, p, n), meta: pageMeta(p, n) };
}

// POST /users/: owners and admins create a member (owners also an admin) of their organization within the
// member limit; support creates an account without organization (the owner-to-be of POST /organizations/).
export async function createUser(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  body: { username: string; email: string; name?: string; password?: string; role: 'member' | 'admin' },
) {
  if (!canCreateUser(actor)) throw forbidden();
  const organizationId = isSupport(actor) ? null : actor.organizationId;
  if (organizationId !== null) {
    if (!canGrantRole(actor, organizationId, body.role)) throw forbidden();
    await assertSeatAvailable(ctx, db, (await findOrganization(db, organizationId))!);
  }
  if (await findUserByUsername(db, body.username)) throw fieldError('username', 'username_taken');
  if (await addressInUse(db, body.email)) throw fieldError('email', 'email_taken');
  const password = body.password ?? randomReadable(24);
  const problems = passwordProblems(password, body);
  if (body.password !== undefined && problems.length) throw badRequest({ password: problems });
  const user = await insertUser(db, {
    username: body.username,
    email: body.email,
    name: body.name ?? null,
    password_hash: await hashPassword(password),
    role: organizationId === null ? 'member' : body.role,
    organization_id: organizationId,
    alerts_email: null,
    totp_secret_enc: null,
    totp_last_step: null,
    stripe_customer_id: null,
  });
  return { data: userResourceFor(user) };
}

type UserChanges = {
  username?: string;
  email?: string;
  name?: string;
  alerts_email?: string | null;
  current_password?: string;
};

// PATCH /users/{id}/. Your own address or username changes only with your current password, and a new own
// address only after its confirmation link is followed (email-change-service.ts); an owner or admin sets a
// member's directly, and the old address is told. Address and username stay unique.
export async function updateUser(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  body: UserChanges,
  outbox: number[],
) {
  const user = await permittedUser(db, actor, id, canEditUser);
  const self = actor.id === user.id;
  const email = body.email?.trim();
  const newEmail = email !== undefined && email !== user.email ? email : undefined;
  const newUsername =
    body.username !== undefined && body.username !== user.username ? body.username : undefined;
  if (self && (newEmail !== undefined || newUsername !== undefined)) {
    const problem = await checkCurrentPassword(ctx, db, user, body.current_password);
    if (problem) return problem;
  }
  if (newUsername !== undefined) {
    const clash = await findUserByUsername(db, newUsername);
    if (clash && clash.id !== user.id) throw fieldError('username', 'username_taken');
  }
  const changes = {
    ...(newUsername !== undefined ? { username: newUsername } : {}),
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.alerts_email !== undefined ? { alerts_email: body.alerts_email || null } : {}),
  };
  if (Object.keys(changes).length) await guardAddressClash(() => updateUserRow(db, id, changes));
  let emailChange: PendingEmailChange | undefined;
  if (newEmail !== undefined) {
    const current = (await findUserById(db, id))!;
    if (self) emailChange = await requestEmailChange(ctx, db, current, newEmail, outbox);
    else await setEmailByAdmin(ctx, db, current, newEmail, outbox);
  }
  const doc = { data: userResourceFor((await findUserById(db, id))!) };
  return emailChange ? { ...doc, meta: { email_change: emailChange } } : doc;
}
