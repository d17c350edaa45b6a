import type { Db } from '../../db/database';

// The stored result of every system for some domains of one organization (the digest's "details per
// system"): status, score and warnings as the last check left them; a system never checked is absent.

export type StoredCheck = {
  domain: string;
  system: string;
  status: string;
  score: number | null;
  warnings: unknown[];
};

export async function storedChecks(
  db: Db,
  organizationId: number,
  domains: string[],
): Promise<StoredCheck[]> {
  if (domains.length === 0) return [];
  const rows = await db
    .selectFrom('check_results as c')
    .innerJoin('domains as d', 'd.id', 'c.domain_id')
    .select(['d.name', 'c.system', 'c.status', 'c.score', 'c.warnings'])
    .where('d.organization_id', '=', organizationId)
    .where('d.name', 'in', domains)
    .orderBy('d.name')
    .orderBy('c.system')
    .execute();
  return rows.map((r) => ({
    domain: r.name,
    system: r.system,
    status: r.status,
    score: r.score,
    warnings: Array.isArray(r.warnings) ? r.warnings : [],
  }));
}
