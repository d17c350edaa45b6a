import { isIP } from 'node:net';
import { isDnsFailure, type DnsAnswer, type QueryOptions, type Resolver } from '../dnsTypes';
import { chooseTarget, type TargetChoice } from '../targets';

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

/**
 * The address to probe a host at: its first A address that may be contacted, else its first such AAAA
 * address (AAAA asked only then), vetted by chooseTarget; an IP literal is its own address.
 */
export async function mailHostTarget(
  resolver: Resolver,
  host: string,
  allowPrivate = false,
): Promise<TargetChoice> {
  if (isIP(host)) return chooseTarget(host, [host], allowPrivate);
  const found: string[] = [];
  let choice: TargetChoice = { address: null, refusal: null };
  for (const type of ['A', 'AAAA'] as const) {
    const answer = await resolver.query(host, type);
    for (const r of answer.answers) if (r.type === 'A' || r.type === 'AAAA') found.push(r.address);
    choice = chooseTarget(host, found, allowPrivate);
    if (choice.address !== null && !choice.refusal) return choice;
  }
  return choice;
}
