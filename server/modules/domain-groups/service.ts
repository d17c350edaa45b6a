import type { Db } from '../../db/database';
import type { DomainGroupRow } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { type Actor, canEditDomainGroup, isSupport } from '../../lib/permissions';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { type DomainScope, scopeFor, wholeOrganization } from '../shared/domain-scope';
import { findUserById } from '../shared/users-repo';
import {
  addDomains,
  countGroups,
  deleteGroupRow,
  findGroup,
  groupByName,
  groupResourceFor,
  insertGroup,
  listGroups,
  organizationDomain,
  removeGroupDomains,
  updateGroupRow,
} from './repo';

export const groupDeleted = 'Domain group has been deleted.';

export async function list(
  db: Db,
  actor: Actor,
  query: { page: number; page_size: number; search?: string; organization?: number },
  url: string,
) {
  const p = paging(query);
  // Like the domains list: another organization's groups are not confirmed to exist.
  const scope = await scopeFor(db, actor, query.organization);
  const count = await countGroups(db, scope.organizationId, query.search);
  const rows = await listGroups(db, scope.organizationId, query.search, p.offset, p.pageSize);
  const data = [];
  for (const row of rows) data.push(await groupResourceFor(db, row, scope));
  return { data, links: pageLinks(url, p, count), meta: pageMeta(p, count) };
}

// Groups of other organizations are 404; visible ones the caller may not change are 403.
export async function visibleGroup(db: Db, actor: Actor, id: number): Promise<DomainGroupRow> {
  const group = await findGroup(db, id);
  if (!group) throw notFound();
  if (!isSupport(actor) && actor.organizationId !== group.organization_id) throw notFound();
  return group;
}

export async function editableGroup(db: Db, actor: Actor, id: number): Promise<DomainGroupRow> {
  const group = await visibleGroup(db, actor, id);
  if (!canEditDomainGroup(actor, group)) throw forbidden();
  return group;
}

// After a change: only owners and admins change groups, and they see all of the organization's domains.
export async function groupDocument(
  db: Db,
  group: DomainGroupRow,
  scope: DomainScope = wholeOrganization(group.organization_id),
) {
  return { data: await groupResourceFor(db, group, scope) };
}

/** One group as the caller may read it (a member limited to some domains sees only those in it). */
export async function readGroup(db: Db, actor: Actor, id: number) {
  const group = await visibleGroup(db, actor, id);
  return groupDocument(db, group, await scopeFor(db, actor));
}

async function checkName(db: Db, organizationId: number, name: string, exceptId?: number) {
  const clash = await groupByName(db, organizationId, name);
  if (clash && clash.id !== exceptId) throw fieldError('name', 'group_name_taken');
}

async function checkOwner(db: Db, organizationId: number, ownerId: number) {
  const owner = await findUserById(db, ownerId);
  if (!owner || owner.organization_id !== organizationId || !owner.is_active)
    throw fieldError('owner', 'owner_not_member');
}

// Domain references by name or id, all of the group's organization; anything else is an __all__ error.
async function resolveDomains(db: Db, organizationId: number, refs: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const raw of refs) {
    const ref = raw.trim().toLowerCase();
    const row = await organizationDomain(db, organizationId, ref);
    if (!row) throw fieldError('__all__', 'domain_unknown', { domain: raw });
    if (!ids.includes(row.id)) ids.push(row.id);
  }
  return ids;
}

export async function create(
  db: Db,
  actor: Actor,
  body: { name: string; owner?: number; domains?: string[] },
) {
  const organizationId = actor.organizationId;
  if (organizationId === null || !canEditDomainGroup(actor, { organization_id: organizationId }))
    throw forbidden();
  await checkName(db, organizationId, body.name);
  if (body.owner !== undefined) await checkOwner(db, organizationId, body.owner);
  const domainIds = await resolveDomains(db, organizationId, body.domains ?? []);
  const group = await insertGroup(db, organizationId, body.name, body.owner ?? actor.id);
  await addDomains(db, group, domainIds);
  return groupDocument(db, group);
}

export async function update(db: Db, actor: Actor, id: number, body: { name?: string; owner?: number }) {
  const group = await editableGroup(db, actor, id);
  if (body.name !== undefined) await checkName(db, group.organization_id, body.name, group.id);
  if (body.owner !== undefined) await checkOwner(db, group.organization_id, body.owner);
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.owner !== undefined ? { owner_id: body.owner } : {}),
  };
  if (Object.keys(changes).length) await updateGroupRow(db, id, changes);
  return groupDocument(db, (await findGroup(db, id))!);
}

// v1 update: the repeated `domains` field is the group's whole new domain list.
export async function replaceDomains(
  db: Db,
  actor: Actor,
  id: number,
  body: { name?: string; domains: string[] },
) {
  const group = await editableGroup(db, actor, id);
  if (body.name !== undefined) {
    await checkName(db, group.organization_id, body.name, group.id);
    await updateGroupRow(db, id, { name: body.name });
  }
  const ids = await resolveDomains(db, group.organization_id, body.domains);
  await removeGroupDomains(db, group, 'all');
  await addDomains(db, group, ids);
  return groupDocument(db, (await findGroup(db, id))!);
}

export async function changeDomains(db: Db, actor: Actor, id: number, refs: string[], add: boolean) {
  const group = await editableGroup(db, actor, id);
  if (refs.length === 0 || refs.some((r) => !r.trim())) throw fieldError('__all__', 'select_option_to_add');
  const ids = await resolveDomains(db, group.organization_id, refs);
  if (add) await addDomains(db, group, ids);
  else await removeGroupDomains(db, group, ids);
  return groupDocument(db, group);
}

export async function remove(db: Db, actor: Actor, id: number) {
  await editableGroup(db, actor, id);
  await deleteGroupRow(db, id);
  return { detail: groupDeleted };
}
