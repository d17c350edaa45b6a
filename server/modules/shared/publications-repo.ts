import type { Db } from '../../db/database';

// Publications addressed to an organization, plus those for everyone (organization_id null); newest first.
// With a userId, the ones that user marked seen are left out (the token claim and the current user).
export function listPublicationsFor(db: Db, organizationId: number | null, userId?: number, limit = 20) {
  let q = db
    .selectFrom('publications')
    .select(['id', 'title', 'body', 'created_at'])
    .where((eb) =>
      organizationId === null
        ? eb('organization_id', 'is', null)
        : eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]),
    );
  if (userId !== undefined)
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('publication_seen')
            .select('publication_seen.user_id')
            .whereRef('publication_seen.publication_id', '=', 'publications.id')
            .where('publication_seen.user_id', '=', userId),
        ),
      ),
    );
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function seenIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('publication_seen')
    .select('publication_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.publication_id));
}
