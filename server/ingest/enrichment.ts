import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import { getDomain } from 'tldts';
import type { Resolver } from '../checks/dnsTypes';
import type { Db } from '../db/database';

// Enrichment of source IPs, after commit and never in the ingest path: reverse DNS (PTR, RFC 1035 section
// 3.5 / RFC 3596 section 2.5) with a timeout and bounded concurrency, the organizational (base) domain of the
// PTR name by the public suffix list (tldts), and the sender service: the email sender whose networks hold
// the IP (CIDR match, spec section 3) or else the PTR's base domain. Results are cached in ip_enrichment and
// copied into the rollups of that IP.

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

/** Runs fn over items with at most `limit` in flight. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The email sender whose network holds the IP (longest prefix first; migration 0030's tables). */
async function senderByNetwork(db: Db, ips: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ips.length === 0) return found;
  const matches = await sql<{ ip: string; name: string }>`select i.ip, s.name
    from unnest(${ips}::text[]) as i(ip)
    join email_sender_networks n on i.ip::inet <<= n.range::cidr
    join email_senders s on s.id = n.sender_id
    order by masklen(n.range::cidr) desc`.execute(db);
  for (const m of matches.rows) if (!found.has(m.ip)) found.set(m.ip, m.name);
  return found;
}

/** Writes resolved IPs: cache row, then the sender service into that IP's rollups. */
export async function saveResolved(db: Db, resolved: Resolved[], maxAttempts = 3): Promise<void> {
  if (resolved.length === 0) return;
  const networks = await senderByNetwork(
    db,
    resolved.map((r) => r.ip),
  );
  for (const r of resolved) {
    const base = r.ptr ? (getDomain(r.ptr) ?? null) : null;
    const service = networks.get(r.ip) ?? base;
    const updated = await db
      .updateTable('ip_enrichment')
      .set((eb) => ({
        ptr: r.ptr,
        base_domain: base,
        sender_service: service,
        attempts: eb('attempts', '+', 1),
        status: r.failed
          ? sql`case when attempts + 1 >= ${maxAttempts} then 'failed' else 'pending' end`
          : 'done',
        resolved_at: new Date(),
      }))
      .where('ip', '=', r.ip)
      .returning('status')
      .executeTakeFirst();
    if (updated && service) {
      await db
        .updateTable('dmarc_rollups')
        .set({ sender_service: service })
        .where('source_ip', '=', r.ip)
        .where((eb) => eb.or([eb('sender_service', 'is', null), eb('sender_service', '!=', service)]))
        .execute();
    }
  }
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
  const resolved = await mapLimit(ips, options.concurrency ?? 16, (ip) =>
    lookupPtr(options.resolver, ip, options.timeoutMs ?? 2000),
  );
  await saveResolved(db, resolved);
  return resolved.length;
}
