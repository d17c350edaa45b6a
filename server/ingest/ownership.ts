import type { Db } from '../db/database';

// Which organization a report belongs to (docs/INGESTION.md, "Routing"). By the address it was sent to
// first: a report addressed to an organization's own report address (or uploaded by one of its members, or
// fetched from its own mailbox) is that organization's when it holds the policy domain or a parent of it,
// verified or pending. By name second: otherwise the organization that VERIFIED the most specific of the
// policy domain and its parents gets it (a subdomain may publish its own DMARC record, RFC 7489 section
// 6.6.3). Anything else is held (hold.ts): kept apart with no organization, stored for the organization
// that verifies the domain (attach.ts), dropped after the default retention.

/** The policy domain and its parent domains, most specific first, down to two labels. */
export function domainCandidates(domain: string): string[] {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out.length > 0 ? out : [domain.toLowerCase()];
}

/**
 * The owner of each policy domain, in one query for all of them (a batch of reports: one round trip).
 * `addressedTo`: the organizations whose own address received the file, in order of preference.
 */
export async function findDomainOwners(
  db: Db,
  domains: string[],
  addressedTo: readonly number[] = [],
): Promise<Map<string, number | null>> {
  const candidates = new Map(domains.map((d) => [d, domainCandidates(d)]));
  const names = [...new Set([...candidates.values()].flat())];
  const rows = names.length
    ? await db
        .selectFrom('domains')
        .select(['name', 'organization_id', 'verified_at'])
        .where('name', 'in', names)
        .execute()
    : [];
  const verified = new Map<string, number>();
  const held = new Set<string>();
  for (const r of rows) {
    if (r.verified_at !== null) verified.set(r.name, r.organization_id);
    if (addressedTo.includes(r.organization_id)) held.add(`${r.organization_id}\n${r.name}`);
  }
  const out = new Map<string, number | null>();
  for (const [domain, list] of candidates) {
    const byAddress = addressedTo.find((org) => list.some((name) => held.has(`${org}\n${name}`)));
    // Candidates are most specific first: the first verified one wins.
    const byName = list.find((name) => verified.has(name));
    out.set(domain, byAddress ?? (byName !== undefined ? verified.get(byName)! : null));
  }
  return out;
}
