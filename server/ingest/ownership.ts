import type { Db } from '../db/database';

// A report belongs to the organization that registered its policy domain. Reports are published at the
// organizational domain as a rule, but a subdomain can publish its own DMARC record (RFC 7489 section 6.6.3),
// so the most specific registered domain among the policy domain and its parents wins.

/** The policy domain and its parent domains, most specific first, down to two labels. */
export function domainCandidates(domain: string): string[] {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out.length > 0 ? out : [domain.toLowerCase()];
}

export async function findDomainOwner(db: Db, domain: string): Promise<number | null> {
  const candidates = domainCandidates(domain);
  const rows = await db
    .selectFrom('domains')
    .select(['name', 'organization_id'])
    .where('name', 'in', candidates)
    .execute();
  if (rows.length === 0) return null;
  rows.sort((a, b) => b.name.length - a.name.length);
  return rows[0].organization_id;
}
