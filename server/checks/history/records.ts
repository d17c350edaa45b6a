import type { HistoryType } from '../../db/schema-checks';
import type { DnsRecord, DnsRecordType, Resolver } from '../dnsTypes';

// The record sets whose changes the history keeps: DMARC (the v=DMARC1 TXT at _dmarc, RFC 7489 §6.1),
// SPF (the v=spf1 TXT at the domain, RFC 7208 §4.5), DNS (A, AAAA and MX), NS, and MTA-STS (the v=STSv1
// TXT at _mta-sts, RFC 8461 §3.1, whose id= names the policy version).

export type HistoryItem = { rrType: string; ttl: number; content: string };
/** null: the lookup failed, so nothing is known (never recorded as a change). */
export type RecordSets = Record<DnsHistoryType, HistoryItem[] | null>;
/** The sets read from DNS here; the DKIM keys come from the DKIM check's result (./dkim-items.ts). */
export type DnsHistoryType = Exclude<HistoryType, 'dkim'>;

export const HISTORY_TYPES: DnsHistoryType[] = ['dmarc', 'spf', 'dns', 'ns', 'mtaSts'];

function content(r: DnsRecord): string | null {
  switch (r.type) {
    case 'A':
    case 'AAAA':
      return r.address;
    case 'MX':
      return `${r.preference} ${r.exchange.replace(/\.$/, '').toLowerCase()}`;
    case 'NS':
      return r.target.replace(/\.$/, '').toLowerCase();
    case 'TXT':
      return r.text;
    default:
      return null;
  }
}

async function read(
  resolver: Resolver,
  name: string,
  types: DnsRecordType[],
  keep: (text: string) => boolean = () => true,
): Promise<HistoryItem[] | null> {
  const answers = await Promise.all(types.map((t) => resolver.query(name, t)));
  const items: HistoryItem[] = [];
  for (const ans of answers) {
    if (ans.error || (ans.rcode !== 'NOERROR' && ans.rcode !== 'NXDOMAIN')) return null;
    for (const r of ans.answers) {
      const c = content(r);
      if (c !== null && keep(c)) items.push({ rrType: r.type, ttl: r.ttl, content: c });
    }
  }
  return sortItems(items);
}

export function sortItems(items: HistoryItem[]): HistoryItem[] {
  return [...items].sort((a, b) => a.rrType.localeCompare(b.rrType) || a.content.localeCompare(b.content));
}

export async function readRecordSets(domain: string, resolver: Resolver): Promise<RecordSets> {
  const [dmarc, spf, dns, ns, mtaSts] = await Promise.all([
    read(resolver, `_dmarc.${domain}`, ['TXT'], (t) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(t)),
    read(resolver, domain, ['TXT'], (t) => /^v=spf1(\s|$)/i.test(t)),
    read(resolver, domain, ['A', 'AAAA', 'MX']),
    read(resolver, domain, ['NS']),
    read(resolver, `_mta-sts.${domain}`, ['TXT'], (t) => /^v=STSv1\s*(;|$)/.test(t)),
  ]);
  return { dmarc, spf, dns, ns, mtaSts };
}
