import type { Db } from '../../db/database';

// Publications addressed to an organization, plus those for everyone (organization_id null); newest first.
export function listPublicationsFor(db: Db, organizationId: number | null, limit = 20) {
  return db
    .selectFrom('publications')
    .select(['id', 'title', 'body', 'created_at'])
    .where((eb) =>
      organizationId === null
        ? eb('organization_id', 'is', null)
        : eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
