import { isDnsFailure, type Resolver } from '../dnsTypes';
import { baseDomainOf } from '../dns/baseDomain';
import { isDmarcRecord } from './parse';

// Where a domain's DMARC policy comes from.
// RFC 9989 §4.10 (DNS tree walk): ask _dmarc.<domain>; when that gives no single DMARC record, walk up
// one label at a time (jumping to the last 7 labels when the name has more than 8) down to the top
// label, and take the first name with exactly one DMARC record. Several records at a name count as none.
// RFC 7489 §6.6.3 asked only the domain and then its organizational domain (Public Suffix List); that
// is reported too, since receivers still follow it.

export type WalkStep = { name: string; records: number; rcode: string };

export type Discovery =
  | { kind: 'found'; record: string; location: string; steps: WalkStep[]; otherTxt: number }
  | { kind: 'multiple'; records: string[]; location: string; steps: WalkStep[] }
  | { kind: 'none'; steps: WalkStep[]; nxdomain: boolean }
  | { kind: 'temperror'; name: string; rcode: string; steps: WalkStep[] };

export function walkNames(domain: string): string[] {
  const labels = domain.split('.');
  const names = [domain];
  let count = labels.length;
  count = count > 8 ? 7 : count - 1;
  while (count >= 1) {
    names.push(labels.slice(labels.length - count).join('.'));
    count -= 1;
  }
  return names;
}

async function recordsAt(resolver: Resolver, name: string) {
  const ans = await resolver.query(`_dmarc.${name}`, 'TXT');
  const texts = ans.answers.flatMap((r) => (r.type === 'TXT' ? [r.text] : []));
  return { ans, dmarc: texts.filter(isDmarcRecord), other: texts.filter((t) => !isDmarcRecord(t)).length };
}

export async function discoverDmarc(resolver: Resolver, domain: string): Promise<Discovery> {
  const steps: WalkStep[] = [];
  for (const [i, name] of walkNames(domain).entries()) {
    const { ans, dmarc, other } = await recordsAt(resolver, name);
    steps.push({ name, records: dmarc.length, rcode: ans.rcode });
    if (isDnsFailure(ans)) return { kind: 'temperror', name: `_dmarc.${name}`, rcode: ans.rcode, steps };
    if (dmarc.length === 1)
      return { kind: 'found', record: dmarc[0], location: name, steps, otherTxt: other };
    // Several records at the domain itself: no policy (RFC 7489 §6.6.3 step 5); above it, keep walking.
    if (dmarc.length > 1 && i === 0) return { kind: 'multiple', records: dmarc, location: name, steps };
  }
  return { kind: 'none', steps, nxdomain: false };
}

/** The names an RFC 7489 receiver asks: the domain, then its organizational domain. */
export function rfc7489Names(domain: string): string[] {
  const org = baseDomainOf(domain);
  return org === domain ? [domain] : [domain, org];
}
