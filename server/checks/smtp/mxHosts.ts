import { isIP } from 'node:net';
import { isDnsFailure, type DnsAnswer, type QueryOptions, type Resolver } from '../dnsTypes';

// The mail hosts of a domain, in preference order (RFC 5321 §5.1). A null MX (a single MX with the root as
// exchange, RFC 7505) means the domain accepts no mail; no MX at all means the domain itself is the host
// (the implicit MX of RFC 5321 §5.1), which we only use when it has an address.

export type MxHost = { host: string; preference: number };

export type MxLookup = {
  hosts: MxHost[];
  nullMx: boolean;
  implicit: boolean;
  /** The MX answer, for callers that look at its AD bit (DANE, RFC 7672 §2.2.1). */
  answer: DnsAnswer;
  failed: boolean;
};

const isRoot = (name: string) => name === '' || name === '.';

export async function lookupMxHosts(
  resolver: Resolver,
  domain: string,
  opts: QueryOptions = {},
): Promise<MxLookup> {
  const answer = await resolver.query(domain, 'MX', opts);
  if (isDnsFailure(answer)) return { hosts: [], nullMx: false, implicit: false, answer, failed: true };
  const mx = answer.answers.flatMap((r) => (r.type === 'MX' ? [r] : []));
  if (mx.length === 1 && isRoot(mx[0].exchange)) {
    return { hosts: [], nullMx: true, implicit: false, answer, failed: false };
  }
  if (mx.length === 0 && answer.rcode === 'NOERROR') {
    const a = await resolver.query(domain, 'A', opts);
    const hosts = a.answers.length > 0 ? [{ host: domain, preference: 0 }] : [];
    return { hosts, nullMx: false, implicit: hosts.length > 0, answer, failed: false };
  }
  const seen = new Set<string>();
  const hosts = mx
    .filter((r) => !isRoot(r.exchange))
    .sort((a, b) => a.preference - b.preference || a.exchange.localeCompare(b.exchange))
    .filter((r) => {
      const key = r.exchange.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((r) => ({ host: r.exchange.toLowerCase(), preference: r.preference }));
  return { hosts, nullMx: false, implicit: false, answer, failed: false };
}

/** The first address of a host (IPv4 first); an IP literal is its own address. */
export async function addressOf(resolver: Resolver, host: string): Promise<string | null> {
  if (isIP(host)) return host;
  for (const type of ['A', 'AAAA'] as const) {
    const answer = await resolver.query(host, type);
    const found = answer.answers.find((r) => r.type === type);
    if (found && (found.type === 'A' || found.type === 'AAAA')) return found.address;
  }
  return null;
}
