import type { Db } from '../../db/database';
import type { DomainRow } from '../../db/schema';
import { onDomainRegistered } from '../../ingest/attach';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { type Actor, canAddDomain, canEditDomain, canViewDomainsOf, isSupport } from '../../lib/permissions';
import { findOrganization } from '../organizations/repo';
import { pageLinks, pageMeta, paging } from '../organizations/paging';
import { benefitsFor } from '../users/roles';
import { normaliseDomainName } from './names';
import {
  countDomains,
  type DomainQuery,
  findDomainById,
  findDomainByName,
  groupIdsByDomain,
  listDomains,
  wholeOrganization,
} from './repo';

export { scopeFor } from './repo';

export const domainTaken = 'This domain is already registered in this organization.';
export const domainOtherOrganization = 'This domain is registered by another organization.';
export const domainLimit = (n: number) =>
  `Your plan allows at most ${n} domains. Remove a domain or upgrade the plan.`;

export async function domainList(
  db: Db,
  scope: DomainQuery,
  query: { page: number; page_size: number },
  url: string,
  withRelationships: boolean,
) {
  const p = paging(query);
  const count = await countDomains(db, scope);
  const rows = await listDomains(db, scope, p.offset, p.pageSize);
  const groups = await groupIdsByDomain(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => domainResource(r, withRelationships ? (groups.get(r.id) ?? []) : undefined)),
    links: pageLinks(url, p, count),
    meta: pageMeta(p, count),
  };
}

export function domainResource(row: DomainRow, groupIds?: number[]) {
  return {
    type: 'domains' as const,
    id: row.id,
    attributes: {
      name: row.name,
      organization: row.organization_id,
      created_at: new Date(row.created_at).toISOString(),
    },
    ...(groupIds
      ? {
          relationships: {
            organization: { data: { type: 'organizations', id: row.organization_id } },
            domain_groups: { data: groupIds.map((id) => ({ type: 'domain_groups', id })) },
          },
        }
      : {}),
  };
}

async function validName(db: Db, organizationId: number, raw: string, exceptId?: number): Promise<string> {
  const checked = normaliseDomainName(raw);
  if (!checked.ok) throw fieldError('name', checked.message);
  const existing = await findDomainByName(db, checked.name);
  if (existing && existing.id !== exceptId)
    throw fieldError(
      'name',
      existing.organization_id === organizationId ? domainTaken : domainOtherOrganization,
    );
  return checked.name;
}

// A domain belongs to exactly one organization; the plan's `domains` benefit caps how many it has. Call it
// inside a transaction: reports kept aside for the domain (and its subdomains) become the organization's in
// the same commit as the domain row.
export async function addDomain(db: Db, actor: Actor, organizationId: number | null, raw: string) {
  const org = organizationId === null ? undefined : await findOrganization(db, organizationId);
  if (!org || !canViewDomainsOf(actor, org)) throw organizationId === null ? forbidden() : notFound();
  if (!canAddDomain(actor, org)) throw forbidden();
  const name = await validName(db, org.id, raw);
  const limit = benefitsFor(org.benefits).domains;
  if ((await countDomains(db, wholeOrganization(org.id))) >= limit)
    throw new AppError(400, { name: [domainLimit(limit)] });
  const row = await db
    .insertInto('domains')
    .values({ name, organization_id: org.id })
    .returningAll()
    .executeTakeFirstOrThrow();
  await onDomainRegistered(db, { name: row.name, organization_id: row.organization_id });
  return { data: domainResource(row, []) };
}

// Finds a domain the caller may change: invisible ones are 404, visible but not editable 403.
export async function editableDomain(actor: Actor, found: DomainRow | undefined): Promise<DomainRow> {
  if (!found) throw notFound();
  if (!canEditDomain(actor, found)) {
    if (isSupport(actor) || actor.organizationId === found.organization_id) throw forbidden();
    throw notFound();
  }
  return found;
}

export async function deleteDomainByName(db: Db, actor: Actor, rawName: string) {
  const checked = normaliseDomainName(decodeURIComponent(rawName));
  const row = await editableDomain(actor, checked.ok ? await findDomainByName(db, checked.name) : undefined);
  await db.deleteFrom('domains').where('id', '=', row.id).execute();
  return { detail: 'Domain deleted.' };
}

export async function renameDomain(db: Db, actor: Actor, organizationId: number, id: number, raw: string) {
  const found = await findDomainById(db, id);
  const row = await editableDomain(
    actor,
    found && found.organization_id === organizationId ? found : undefined,
  );
  const name = await validName(db, row.organization_id, raw, row.id);
  const updated = await db
    .updateTable('domains')
    .set({ name })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // The new name is a registration too: reports kept aside for it join the organization.
  await onDomainRegistered(db, { name: updated.name, organization_id: updated.organization_id });
  return { data: domainResource(updated, []) };
}

export async function deleteDomainById(db: Db, actor: Actor, organizationId: number, id: number) {
  const found = await findDomainById(db, id);
  const row = await editableDomain(
    actor,
    found && found.organization_id === organizationId ? found : undefined,
  );
  await db.deleteFrom('domains').where('id', '=', row.id).execute();
  return null;
}
