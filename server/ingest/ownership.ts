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

/** The owner of each policy domain, in one query for all of them (a batch of reports: one round trip). */
export async function findDomainOwners(db: Db, domains: string[]): Promise<Map<string, number | null>> {
  const candidates = new Map(domains.map((d) => [d, domainCandidates(d)]));
  const names = [...new Set([...candidates.values()].flat())];
  const rows = names.length
    ? await db.selectFrom('domains').select(['name', 'organization_id']).where('name', 'in', names).execute()
    : [];
  const owner = new Map(rows.map((r) => [r.name, r.organization_id]));
  const out = new Map<string, number | null>();
  // Candidates are most specific first: the first registered one wins.
  for (const [domain, list] of candidates)
    out.set(domain, owner.get(list.find((c) => owner.has(c)) ?? '') ?? null);
  return out;
}
