import type { Db } from '../../db/database';
import type { DomainRow } from '../../db/schema';
import type { ReportAddressing } from '../../mail/report-address';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { type Actor, canAddDomain, canEditDomain, canViewDomainsOf, isSupport } from '../../lib/permissions';
import { findOrganization } from '../shared/organization-rows';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { overPlanLimit } from '../shared/plan-limits';
import { normaliseDomainName } from './names';
import {
  countDomains,
  deleteDomainRow,
  type DomainQuery,
  findDomainById,
  findDomainByName,
  groupIdsByDomain,
  insertDomain,
  listDomains,
  renameDomainRow,
  reportSlugs,
} from './repo';
import { wholeOrganization } from '../shared/domain-scope';
import { recordsToPublish } from './verification';
import { claimedElsewhere } from './verification-store';
import { forgetVerifiedName } from './verified-names';

export { scopeFor } from '../shared/domain-scope';

export const domainTaken = 'This domain is already registered in this organization.';
// One answer for every name another organization has verified (or verified a parent of), whose it is never
// said: the refusal confirms no more than that the name is taken somewhere.
export const domainUnavailable = 'This domain cannot be added.';

export async function domainList(
  db: Db,
  scope: DomainQuery,
  query: { page: number; page_size: number },
  url: string,
  withRelationships: boolean,
  addressing: ReportAddressing,
) {
  const p = paging(query);
  const count = await countDomains(db, scope);
  const rows = await listDomains(db, scope, p.offset, p.pageSize);
  const groups = await groupIdsByDomain(
    db,
    rows.map((r) => r.id),
  );
  const slugs = await reportSlugs(
    db,
    rows.map((r) => r.organization_id),
  );
  return {
    data: rows.map((r) =>
      domainResource(
        r,
        withRelationships ? (groups.get(r.id) ?? []) : undefined,
        verificationView(r, slugs.get(r.organization_id)!, addressing),
      ),
    ),
    links: pageLinks(url, p, count),
    meta: pageMeta(p, count),
  };
}

const isoOrNull = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A domain's ownership state and the records that would verify it (docs/PERMISSIONS.md). */
export function verificationView(row: DomainRow, slug: string, addressing: ReportAddressing) {
  return {
    status: row.verified_at === null ? ('pending' as const) : ('verified' as const),
    method: row.verification_method,
    verified_at: isoOrNull(row.verified_at),
    checked_at: isoOrNull(row.verification_checked_at),
    problem: row.verification_problem as 'not_found' | 'dns' | 'unavailable' | null,
    ...recordsToPublish(row.name, row.verification_token, slug, addressing),
  };
}

/** One domain document with its verification (add, rename, check now). */
export async function domainDocumentOf(db: Db, row: DomainRow, addressing: ReportAddressing) {
  const slug = (await reportSlugs(db, [row.organization_id])).get(row.organization_id)!;
  const groups = await groupIdsByDomain(db, [row.id]);
  return { data: domainResource(row, groups.get(row.id) ?? [], verificationView(row, slug, addressing)) };
}

export function domainResource(
  row: DomainRow,
  groupIds?: number[],
  verification?: ReturnType<typeof verificationView>,
) {
  return {
    type: 'domains' as const,
    id: row.id,
    attributes: {
      name: row.name,
      organization: row.organization_id,
      created_at: new Date(row.created_at).toISOString(),
      ...(verification ? { verification } : {}),
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
  const existing = await findDomainByName(db, checked.name, organizationId);
  if (existing && existing.id !== exceptId) throw fieldError('name', 'domain_taken');
  if (await claimedElsewhere(db, organizationId, checked.name))
    throw fieldError('name', 'domain_unavailable');
  return checked.name;
}

// A domain starts pending: several organizations may hold one name pending, and the one that proves it
// controls the name's DNS gets it verified (verification-store.ts); only then are the reports held for it
// released. A name another organization verified, or a subdomain of one, cannot be added. The plan's
// `domains` benefit caps how many domains an organization has.
export async function addDomain(
  db: Db,
  actor: Actor,
  organizationId: number | null,
  raw: string,
  addressing: ReportAddressing,
) {
  const org = organizationId === null ? undefined : await findOrganization(db, organizationId);
  if (!org || !canViewDomainsOf(actor, org)) throw organizationId === null ? forbidden() : notFound();
  if (!canAddDomain(actor, org)) throw forbidden();
  const name = await validName(db, org.id, raw);
  const over = await overPlanLimit(
    db,
    org.id,
    'domains',
    () => countDomains(db, wholeOrganization(org.id)),
    'name',
  );
  if (over) throw over;
  const row = await insertDomain(db, org.id, name);
  return domainDocumentOf(db, row, addressing);
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

/** Runs before a domain row goes, in the same transaction (the hosted zones that hang on it). */
export type BeforeDomainDelete = (row: DomainRow) => Promise<void>;

export async function deleteDomainByName(
  db: Db,
  actor: Actor,
  rawName: string,
  beforeDelete: BeforeDomainDelete,
) {
  const checked = normaliseDomainName(decodeURIComponent(rawName));
  const where = isSupport(actor) ? 'any' : (actor.organizationId ?? -1);
  const row = await editableDomain(
    actor,
    checked.ok ? await findDomainByName(db, checked.name, where) : undefined,
  );
  await beforeDelete(row);
  await forgetVerifiedName(db, row);
  await deleteDomainRow(db, row.id);
  return { detail: 'Domain deleted.' };
}

// A new name is a new claim: pending again until proven.
export async function renameDomain(
  db: Db,
  actor: Actor,
  organizationId: number,
  id: number,
  raw: string,
  addressing: ReportAddressing,
) {
  const found = await findDomainById(db, id);
  const row = await editableDomain(
    actor,
    found && found.organization_id === organizationId ? found : undefined,
  );
  const name = await validName(db, row.organization_id, raw, row.id);
  if (name === row.name) return domainDocumentOf(db, row, addressing);
  await forgetVerifiedName(db, row);
  const updated = await renameDomainRow(db, row.id, name);
  return domainDocumentOf(db, updated, addressing);
}

export async function deleteDomainById(
  db: Db,
  actor: Actor,
  organizationId: number,
  id: number,
  beforeDelete: BeforeDomainDelete,
) {
  const found = await findDomainById(db, id);
  const row = await editableDomain(
    actor,
    found && found.organization_id === organizationId ? found : undefined,
  );
  await beforeDelete(row);
  await forgetVerifiedName(db, row);
  await deleteDomainRow(db, row.id);
  return null;
}
