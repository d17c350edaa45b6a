import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { OrganizationRow } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import {
  type Actor,
  canChangeOwner,
  canCreateOrganization,
  canDeleteOrganization,
  canEditOrganization,
  canViewOrganization,
  isSupport,
  type OrgTarget,
} from '../../lib/permissions';
import { keepAuditOfOrganization } from '../shared/audit-repo';
import { scopeFor } from '../shared/domain-scope';
import { findUserById } from '../shared/users-repo';
import { organizationResourceFor } from './documents';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import {
  countOrganizations,
  createOrganization,
  deleteOrganizationRow,
  demoteOwners,
  detachMembers,
  findOrganization,
  listOrganizations,
  renameOrganization,
  setMembership,
  setOrganizationOwner,
  setUserRole,
} from './repo';

// Organizations the caller cannot see answer 404 (their ids are not confirmed to exist); visible ones the
// caller may not change answer 403.
export async function visibleOrganization(db: Db, actor: Actor, id: number): Promise<OrganizationRow> {
  const org = await findOrganization(db, id);
  if (!org || !canViewOrganization(actor, org)) throw notFound();
  return org;
}

export async function permittedOrganization(
  db: Db,
  actor: Actor,
  id: number,
  allowed: (a: Actor, org: OrgTarget) => boolean,
): Promise<OrganizationRow> {
  const org = await visibleOrganization(db, actor, id);
  if (!allowed(actor, org)) throw forbidden();
  return org;
}

// After a change (owners, admins, support: never limited to some domains), or as `reader` sees it.
export async function organizationDocument(ctx: AppContext, db: Db, org: OrganizationRow, reader?: Actor) {
  const domains = reader ? await scopeFor(db, reader) : undefined;
  return { data: await organizationResourceFor(db, org, ctx.now(), ctx.config.reportAddress, domains) };
}

export async function listForActor(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; page_size: number; order_by: string; search?: string },
  url: string,
) {
  const scope = isSupport(actor) ? 'all' : actor.organizationId;
  const p = paging(query);
  const search = query.search?.trim() ?? '';
  const count = await countOrganizations(ctx.db, scope, search);
  const rows = await listOrganizations(ctx.db, scope, query.order_by, p.offset, p.pageSize, search);
  const domains = await scopeFor(ctx.db, actor);
  const data = [];
  for (const row of rows)
    data.push(await organizationResourceFor(ctx.db, row, ctx.now(), ctx.config.reportAddress, domains));
  return { data, links: pageLinks(url, p, count), meta: pageMeta(p, count) };
}

// POST /organizations/: platform onboarding by support. The owner is created first (POST /users/) and must
// not belong to any organization yet; they become its owner.
export async function createWithOwner(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  body: { name: string; owner: number },
) {
  if (!canCreateOrganization(actor)) throw forbidden();
  const owner = await findUserById(db, body.owner);
  if (!owner || !owner.is_active) throw fieldError('owner', 'object_does_not_exist', { pk: body.owner });
  if (owner.organization_id !== null || owner.is_support)
    throw fieldError('owner', 'already_in_organization');
  const org = await createOrganization(db, body.name, {}, owner.id);
  await setMembership(db, owner.id, org.id, 'owner');
  return organizationDocument(ctx, db, org);
}

export async function updateOrganization(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  body: { name?: string },
) {
  const org = await permittedOrganization(db, actor, id, canEditOrganization);
  if (body.name !== undefined) await renameOrganization(db, id, body.name);
  return organizationDocument(ctx, db, (await findOrganization(db, org.id))!);
}

// Deleting an organization deletes its domains, groups, invitations and publications (cascade); its users stay
// as accounts without an organization (role member), who see nothing until they join another.
export async function deleteOrganization(db: Db, actor: Actor, id: number): Promise<null> {
  await permittedOrganization(db, actor, id, canDeleteOrganization);
  await detachAndDelete(db, id);
  return null;
}

export async function detachAndDelete(db: Db, id: number): Promise<void> {
  await detachMembers(db, id);
  await keepAuditOfOrganization(db, id);
  await deleteOrganizationRow(db, id);
}

// PATCH /organizations/{id}/owner/: the new owner must already be a member; the previous owner stays as admin.
export async function changeOwner(ctx: AppContext, db: Db, actor: Actor, id: number, newOwnerId: number) {
  const org = await permittedOrganization(db, actor, id, canChangeOwner);
  const target = await findUserById(db, newOwnerId);
  if (!target || !target.is_active || target.organization_id !== org.id || target.is_support)
    throw fieldError('owner', 'not_a_member');
  if (target.id !== org.owner_id) {
    await demoteOwners(db, org.id);
    await setUserRole(db, target.id, 'owner');
    await setOrganizationOwner(db, org.id, target.id);
  }
  return organizationDocument(ctx, db, (await findOrganization(db, org.id))!);
}
