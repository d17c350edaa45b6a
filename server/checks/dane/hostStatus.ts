import type { Resolver } from '../dnsTypes';
import type { SmtpProbe } from '../smtp/types';
import { matchTlsa } from './tlsa';
import type { DaneStatus, TlsaRecordResult } from './types';

// The DANE state of one MX host: its TLSA RRset at _25._tcp.<host> (RFC 7672 §2.2.3), whether the answer and
// the host's addresses are DNSSEC-secure, and the records matched against the certificate it presented.

export type HostDane = { status: DaneStatus; secure: boolean; records: TlsaRecordResult[]; detail?: string };

export const tlsaNameOf = (host: string) => `_25._tcp.${host.replace(/\.$/, '')}`;

export async function daneOfHost(
  resolver: Resolver,
  host: string,
  probe: SmtpProbe | undefined,
): Promise<HostDane> {
  const [tlsa, address] = await Promise.all([
    resolver.query(tlsaNameOf(host), 'TLSA', { dnssec: true }),
    resolver.query(host, 'A', { dnssec: true }),
  ]);
  const raw = tlsa.answers.flatMap((r) => (r.type === 'TLSA' ? [r] : []));
  const records: TlsaRecordResult[] = raw.map((r) => ({
    usage: r.usage,
    selector: r.selector,
    matchingType: r.matchingType,
    data: r.data,
    usable: false,
    matches: false,
  }));
  if (tlsa.rcode === 'SERVFAIL') {
    const unchecked = await resolver.query(tlsaNameOf(host), 'TLSA', {
      dnssec: true,
      checkingDisabled: true,
    });
    const bogus = !tlsa.timedOut && (unchecked.rcode === 'NOERROR' || unchecked.rcode === 'NXDOMAIN');
    return { status: bogus ? 'bogus_tlsa' : 'lookup_failed', secure: false, records, detail: tlsa.rcode };
  }
  if (tlsa.rcode !== 'NOERROR' && tlsa.rcode !== 'NXDOMAIN') {
    return { status: 'lookup_failed', secure: false, records, detail: tlsa.rcode };
  }
  if (raw.length === 0) return { status: 'no_tlsa', secure: tlsa.ad, records };
  if (!tlsa.ad) return { status: 'insecure_tlsa', secure: false, records };
  if (!address.ad) return { status: 'host_insecure', secure: true, records };
  const chain = probe?.chain ?? [];
  const tls = probe?.result.tls;
  if (!tls || chain.length === 0) return { status: 'no_tls', secure: true, records };
  for (const r of records) {
    const verdict = matchTlsa(r, chain, tls.nameMatches);
    r.usable = verdict.usable;
    if (verdict.usable) r.matches = verdict.matches;
    else r.reason = verdict.reason;
  }
  const usable = records.filter((r) => r.usable);
  if (usable.length === 0) return { status: 'unusable', secure: true, records };
  return { status: usable.some((r) => r.matches) ? 'valid' : 'mismatch', secure: true, records };
}
