import type { Db } from '../../db/database';
import { fieldError, forbidden } from '../../lib/errors';
import { type Actor, canChangeGroups, canEditUserDomains, canGrantRole } from '../../lib/permissions';
import { domainResource } from '../domains';
import { findUserById } from '../shared/users-repo';
import { permittedUser, userResourceFor, visibleUser } from './admin-service';
import { assigned, organizationDomain, replaceUserDomains, setUserRole } from './repo';
import { groupId, groupLabels, groupOrder, permissionsFor, roleForGroup } from '../shared/roles';

export function authorizationGroups() {
  return {
    data: groupOrder.map((role) => ({
      type: 'groups' as const,
      id: groupId(role),
      attributes: { name: groupLabels[role] },
    })),
  };
}

// PATCH /users/{id}/groups/: a user has one group; admins set member, the owner sets member or admin.
export async function setGroups(db: Db, actor: Actor, id: number, groups: number[]) {
  const user = await permittedUser(db, actor, id, canChangeGroups);
  const roles = groups.map(roleForGroup);
  const role = roles.includes('admin') ? 'admin' : roles.length === 1 ? roles[0] : undefined;
  if (!role || roles.some((r) => r !== 'admin' && r !== 'member'))
    throw fieldError('groups', 'group_not_assignable');
  if (!canGrantRole(actor, user.organization_id!, role)) throw forbidden();
  await setUserRole(db, id, role);
  return { data: userResourceFor((await findUserById(db, id))!) };
}

export async function permissions(db: Db, actor: Actor, id: number) {
  const user = await visibleUser(db, actor, id);
  return { permissions: permissionsFor(user.role) };
}

// The domains a member is limited to; an empty list means every domain of the organization.
export async function userDomains(db: Db, actor: Actor, id: number) {
  const user = await visibleUser(db, actor, id);
  const rows = await assigned(db, user.id);
  return {
    data: rows.map((r) => domainResource(r)),
    meta: { count: rows.length, page: 1, page_size: Math.max(rows.length, 1) },
  };
}

export async function setUserDomains(db: Db, actor: Actor, id: number, refs: string[]) {
  const user = await permittedUser(db, actor, id, canEditUserDomains);
  const ids: number[] = [];
  for (const raw of refs) {
    const ref = raw.trim().toLowerCase();
    const row = await organizationDomain(db, user.organization_id ?? -1, ref);
    if (!row) throw fieldError('domains', 'user_domain_unknown', { domain: raw });
    if (!ids.includes(row.id)) ids.push(row.id);
  }
  await replaceUserDomains(db, user.id, user.organization_id, ids);
  const rows = await assigned(db, user.id);
  return {
    data: rows.map((r) => domainResource(r)),
    meta: { count: rows.length, page: 1, page_size: Math.max(rows.length, 1) },
  };
}
