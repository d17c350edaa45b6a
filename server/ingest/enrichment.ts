import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import pLimit from 'p-limit';
import { getDomain } from 'tldts';
import type { Resolver } from '../checks/dnsTypes';
import type { Db } from '../db/database';
import { attributeIps } from '../modules/email-senders';

// Enrichment of source IPs, after commit and never in the ingest path: reverse DNS (PTR, RFC 1035 section
// 3.5 / RFC 3596 section 2.5) with a timeout and bounded concurrency, the organizational (base) domain of the
// PTR name by the public suffix list (tldts), and the sender service by the attribution rule shared with
// networks/recalculate/ (spec section 3: CIDR match, then reverse-DNS suffix, then the PTR's base domain).
// Results are cached in ip_enrichment and copied into the rollups of that IP.

export type EnrichOptions = { resolver: Resolver; timeoutMs?: number; concurrency?: number; limit?: number };
export type Resolved = { ip: string; ptr: string | null; failed: boolean };

export function reverseName(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return `${addr.toByteArray().reverse().join('.')}.in-addr.arpa`;
  const hex = addr
    .toByteArray()
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return `${[...hex].reverse().join('.')}.ip6.arpa`;
}

export async function lookupPtr(resolver: Resolver, ip: string, timeoutMs: number): Promise<Resolved> {
  const name = reverseName(ip);
  if (!name) return { ip, ptr: null, failed: false };
  const answer = await resolver.query(name, 'PTR', { timeoutMs, tries: 1 });
  const ptr = answer.answers.find((a) => a.type === 'PTR');
  const failed = answer.rcode !== 'NOERROR' && answer.rcode !== 'NXDOMAIN';
  return { ip, ptr: ptr && 'target' in ptr ? ptr.target.replace(/\.$/, '').toLowerCase() : null, failed };
}

/**
 * Writes resolved IPs: the cache rows (PTR, base domain, status) in one statement, then the sender service by
 * the one attribution rule (server/modules/email-senders/attribution.ts), which also moves their rollups.
 */
export async function saveResolved(db: Db, resolved: Resolved[], maxAttempts = 3): Promise<void> {
  if (resolved.length === 0) return;
  const ips = resolved.map((r) => r.ip);
  const ptrs = resolved.map((r) => r.ptr);
  const bases = resolved.map((r) => (r.ptr ? (getDomain(r.ptr) ?? null) : null));
  const failed = resolved.map((r) => r.failed);
  await sql`update ip_enrichment e set ptr = r.ptr, base_domain = r.base, attempts = e.attempts + 1,
      status = case when not r.failed then 'done' when e.attempts + 1 >= ${maxAttempts} then 'failed'
        else 'pending' end,
      resolved_at = now()
    from unnest(${ips}::text[], ${ptrs}::text[], ${bases}::text[], ${failed}::boolean[]) as r(ip, ptr, base, failed)
    where e.ip = r.ip`.execute(db);
  await attributeIps(db, ips);
}

export async function pendingIps(db: Db, limit: number, exclude: Set<string> = new Set()): Promise<string[]> {
  const rows = await db
    .selectFrom('ip_enrichment')
    .select('ip')
    .where('status', '=', 'pending')
    .orderBy('ip')
    .limit(limit + exclude.size)
    .execute();
  return rows
    .map((r) => r.ip)
    .filter((ip) => !exclude.has(ip))
    .slice(0, limit);
}

/** Resolves and saves a batch of pending IPs, awaiting the lookups (CLI, tests). Returns how many. */
export async function enrichPending(db: Db, options: EnrichOptions): Promise<number> {
  const ips = await pendingIps(db, options.limit ?? 500);
  const resolved = await pLimit(options.concurrency ?? 16).map(ips, (ip) =>
    lookupPtr(options.resolver, ip, options.timeoutMs ?? 2000),
  );
  await saveResolved(db, resolved);
  return resolved.length;
}
