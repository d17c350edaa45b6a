import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { OrganizationRow } from '../../db/schema';
import { fieldError, forbidden } from '../../lib/errors';
import { type Actor, canManageAdmins, canManageMembers, isOwnerLevel } from '../../lib/permissions';
import { revokeUserRefreshTokens } from '../auth';
import { findUserById } from '../shared/users-repo';
import { overPlanLimit } from '../shared/plan-limits';
import { memberResourceFor } from './documents';
import { activeMembers, countSeats, removeUserDomains, setMembership, setUserRole } from './repo';
import { organizationDocument, permittedOrganization, visibleOrganization } from './service';

// The member limit (benefits.organization_members_limit) counts active members and pending invitations.
export async function assertSeatAvailable(ctx: AppContext, db: Db, org: OrganizationRow): Promise<void> {
  const over = await overPlanLimit(db, org.id, 'organization_members_limit', () =>
    countSeats(db, org.id, ctx.now()),
  );
  if (over) throw over;
}

export async function listMembers(ctx: AppContext, actor: Actor, id: number) {
  const org = await visibleOrganization(ctx.db, actor, id);
  const users = await activeMembers(ctx.db, org.id);
  return {
    data: users.map(memberResourceFor),
    meta: { count: users.length, page: 1, page_size: users.length },
  };
}

// POST /organizations/{id}/members/: an existing account without an organization joins (as member, or as
// admin when the owner adds them).
export async function addMember(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  body: { user: number; role: 'member' | 'admin' },
) {
  const org = await permittedOrganization(db, actor, id, canManageMembers);
  if (body.role === 'admin' && !canManageAdmins(actor, org)) throw forbidden();
  const user = await findUserById(db, body.user);
  if (!user || !user.is_active) throw fieldError('user', 'object_does_not_exist', { pk: body.user });
  if (user.organization_id !== null || user.is_support) throw fieldError('user', 'already_in_organization');
  await assertSeatAvailable(ctx, db, org);
  await setMembership(db, user.id, org.id, body.role);
  return organizationDocument(ctx, db, org);
}

// DELETE /organizations/{id}/members/ with {user}: admins remove members, the owner also removes admins,
// anyone but the owner may leave. The removed account keeps existing, without an organization.
export async function removeMember(ctx: AppContext, db: Db, actor: Actor, id: number, userId: number) {
  const org = await visibleOrganization(db, actor, id);
  const user = await findUserById(db, userId);
  if (!user || user.organization_id !== org.id) throw fieldError('user', 'not_a_member');
  const self = user.id === actor.id && actor.organizationId === org.id;
  if (!self && !canManageMembers(actor, org)) throw forbidden();
  if (isOwnerLevel(user.role) || user.id === org.owner_id)
    throw fieldError('user', 'owner_cannot_be_removed');
  if (!self && user.role === 'admin' && !canManageAdmins(actor, org)) throw forbidden();
  await setMembership(db, user.id, null, 'member');
  await removeUserDomains(db, user.id);
  await revokeUserRefreshTokens(db, user.id, ctx.now());
  return null;
}

// POST/DELETE /organizations/{id}/admins/ with {user}: the owner promotes a member or demotes an admin.
export async function setAdmin(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  userId: number,
  admin: boolean,
) {
  const org = await permittedOrganization(db, actor, id, canManageAdmins);
  const user = await findUserById(db, userId);
  if (!user || user.organization_id !== org.id || !user.is_active) throw fieldError('user', 'not_a_member');
  if (isOwnerLevel(user.role) || user.role === 'support') throw fieldError('user', 'owner_role_fixed');
  await setUserRole(db, user.id, admin ? 'admin' : 'member');
  return organizationDocument(ctx, db, org);
}
