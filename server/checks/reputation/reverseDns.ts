import type { Resolver } from '../dnsTypes';
import type { ParsedIp } from '../dnsbl/reverse';

// Forward-confirmed reverse DNS (RFC 8601 §3 "iprev"): the PTR names of the address, each confirmed only
// when its own A/AAAA records lead back to the address. A mail server is expected to have one.

export type ReverseDns = {
  /** The first confirmed name, else the first PTR name, else null. */
  hostname: string | null;
  confirmed: boolean;
  names: { name: string; confirmed: boolean }[];
  status: 'ok' | 'none' | 'error' | 'timeout';
};

const maxNames = 5;

export function ptrName(ip: ParsedIp): string {
  return `${ip.reversed}.${ip.version === 4 ? 'in-addr.arpa' : 'ip6.arpa'}`;
}

export async function reverseDns(resolver: Resolver, ip: ParsedIp, timeoutMs: number): Promise<ReverseDns> {
  const ptr = await resolver.query(ptrName(ip), 'PTR', { timeoutMs });
  if (ptr.timedOut) return { hostname: null, confirmed: false, names: [], status: 'timeout' };
  if (ptr.rcode !== 'NOERROR' && ptr.rcode !== 'NXDOMAIN') {
    return { hostname: null, confirmed: false, names: [], status: 'error' };
  }
  const targets = ptr.answers.flatMap((r) => (r.type === 'PTR' ? [r.target] : [])).slice(0, maxNames);
  if (targets.length === 0) return { hostname: null, confirmed: false, names: [], status: 'none' };
  const type = ip.version === 4 ? 'A' : 'AAAA';
  const names = await Promise.all(
    targets.map(async (name) => {
      const forward = await resolver.query(name, type, { timeoutMs });
      const confirmed = forward.answers.some(
        (r) => (r.type === 'A' || r.type === 'AAAA') && sameAddress(r.address, ip),
      );
      return { name, confirmed };
    }),
  );
  const best = names.find((n) => n.confirmed) ?? names[0];
  return { hostname: best.name, confirmed: best.confirmed, names, status: 'ok' };
}

function sameAddress(address: string, ip: ParsedIp): boolean {
  if (ip.version === 4) return address === ip.ip;
  // Compare IPv6 in full form: the answer may be written differently from the target.
  return expand(address) === expand(ip.ip);
}

function expand(v6: string): string {
  const [head, tail = ''] = v6.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const parts = v6.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return parts.map((p) => p.padStart(4, '0')).join(':');
}
