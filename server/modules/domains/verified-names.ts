import type { Db } from '../../db/database';

// The instance-wide list of verified names (migration 0048): a name is verified by one organization at most.
// A reference table under Citus, where a unique index on domains would hold only within one shard. Written
// in the caller's transaction whenever a domain's verified_at changes or the domain goes away.

/** Claims the name for the domain's organization; fails on the primary key if another one holds it. */
export async function recordVerifiedName(
  db: Db,
  domain: { id: number; name: string; organization_id: number },
): Promise<void> {
  await db
    .insertInto('verified_names')
    .values({ name: domain.name, organization_id: domain.organization_id, domain_id: domain.id })
    .execute();
}

/** The domain is no longer verified (revoked, renamed or deleted): its name is free again. */
export async function forgetVerifiedName(
  db: Db,
  domain: { id: number; organization_id: number },
): Promise<void> {
  await db
    .deleteFrom('verified_names')
    .where('organization_id', '=', domain.organization_id)
    .where('domain_id', '=', domain.id)
    .execute();
}
