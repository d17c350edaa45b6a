import type { Db } from '../../db/database';
import type { DomainRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/permissions';
import { scopeFor } from '../shared/domain-scope';
import { groupDomainRows, normalizeDomain } from '../analytics';

// Which registered domains a caller's analysis, history and Domain Info requests see: their organization's
// (support: every one, or ?organization=), a member limited to some domains keeps that limit, and the
// global filter (domain groups, domain) narrows further.

export type AnalysisScope = {
  organizationId: number | 'all';
  /** null: every domain of the organization. */
  ids: number[] | null;
  name?: string;
  search?: string;
};

const intersect = (a: number[] | null, b: number[]) => (a === null ? b : a.filter((x) => b.includes(x)));

async function groupDomainIds(db: Db, organizationId: number | 'all', ids: number[]): Promise<number[]> {
  return [...new Set((await groupDomainRows(db, organizationId, ids)).map((r) => r.id))];
}

export async function analysisScope(
  db: Db,
  actor: Actor,
  q: { organization?: number; domain_groups?: number[]; domain?: string; search?: string },
): Promise<AnalysisScope> {
  const base = await scopeFor(db, actor, q.organization);
  let ids = base.onlyIds;
  if (q.domain_groups?.length)
    ids = intersect(ids, await groupDomainIds(db, base.organizationId, q.domain_groups));
  return {
    organizationId: base.organizationId,
    ids,
    name: q.domain ? normalizeDomain(q.domain) : undefined,
    search: q.search?.trim() ? q.search.trim().toLowerCase() : undefined,
  };
}

/** A domain the caller may read, by id or name; anything else is 404 (never confirmed to exist). */
export async function visibleDomain(
  db: Db,
  actor: Actor,
  by: { id: number } | { name: string },
  organization?: number,
): Promise<DomainRow> {
  const scope = await scopeFor(db, actor, organization);
  let q = db.selectFrom('domains').selectAll();
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('name', '=', normalizeDomain(by.name));
  if (scope.organizationId !== 'all') q = q.where('organization_id', '=', scope.organizationId);
  const row = await q.executeTakeFirst();
  if (!row || (scope.onlyIds !== null && !scope.onlyIds.includes(row.id))) throw notFound();
  return row;
}
