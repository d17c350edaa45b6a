import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { type Actor, isSupport } from '../../lib/permissions';

declare const fromCaller: unique symbol;
/**
 * Which domains a read may touch. Made only by scopeFor (what the caller may see, a member's domain limit
 * included) or wholeOrganization (the server's own counts), never from a bare organization id, so a new list
 * cannot forget the member's limit.
 */
export type DomainScope = {
  readonly organizationId: number | 'all';
  readonly onlyIds: number[] | null;
  readonly [fromCaller]: true;
};

const made = (organizationId: number | 'all', onlyIds: number[] | null) =>
  ({ organizationId, onlyIds }) as DomainScope;

/** Every domain of one organization, for the server's own checks (the plan's domain limit). */
export const wholeOrganization = (organizationId: number) => made(organizationId, null);

/** What the caller may read: support all (or ?organization=), others their organization, a member their domains. */
export async function scopeFor(db: Db, actor: Actor, organizationId?: number): Promise<DomainScope> {
  if (isSupport(actor)) return made(organizationId ?? 'all', null);
  if (actor.organizationId === null) return made(-1, []);
  if (organizationId !== undefined && organizationId !== actor.organizationId) throw notFound();
  const onlyIds = actor.role === 'member' ? await assignedDomainIds(db, actor.id) : null;
  return made(actor.organizationId, onlyIds);
}

// The domains a member is limited to (PATCH /users/{id}/domains/); none assigned means all of the organization.
export async function assignedDomainIds(db: Db, userId: number): Promise<number[] | null> {
  const rows = await db
    .selectFrom('user_domains')
    .select('domain_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.length ? rows.map((r) => r.domain_id) : null;
}
