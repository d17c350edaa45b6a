import type { DnsRecordType, Resolver } from '../dnsTypes';
import { edeMeaning } from './ede';
import type { DnssecNameResult } from './types';

// The DNSSEC status of one name, asked of a validating resolver (RFC 4035 §3.2: DO=1 to get the AD bit;
// RFC 4035 §3.2.2: CD=1 to get the data without validation). A SERVFAIL that disappears with CD=1 is a
// validation failure (bogus); a SERVFAIL that stays is a lookup failure. No AD is insecure only when no DS
// exists on the way down to the name: otherwise the resolver did not validate a delegation that is signed.

export async function classifyName(
  resolver: Resolver,
  name: string,
  type: DnsRecordType,
): Promise<DnssecNameResult> {
  const [answer, chain] = await Promise.all([
    resolver.query(name, type, { dnssec: true }),
    dsChain(resolver, name),
  ]);
  const base = {
    name,
    rcode: answer.rcode,
    ede: answer.ede.map((e) => ({ ...e, meaning: edeMeaning(e.code) })),
    ...chain,
  };
  if (answer.rcode === 'SERVFAIL' || answer.timedOut) {
    if (answer.timedOut) return { ...base, status: 'indeterminate' };
    const unchecked = await resolver.query(name, type, { dnssec: true, checkingDisabled: true });
    const answered = unchecked.rcode === 'NOERROR' || unchecked.rcode === 'NXDOMAIN';
    return { ...base, status: answered ? 'bogus' : 'indeterminate' };
  }
  if (answer.rcode !== 'NOERROR' && answer.rcode !== 'NXDOMAIN') return { ...base, status: 'indeterminate' };
  if (answer.ad) return { ...base, status: 'secure' };
  return { ...base, status: chain.hasDs ? 'indeterminate' : 'insecure' };
}

/** Names from `name` up to (not including) its TLD: where a DS could make the chain reach the name. */
export function cutCandidates(name: string): string[] {
  const labels = name.replace(/\.$/, '').toLowerCase().split('.');
  const out: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) out.push(labels.slice(i).join('.'));
  return out;
}

async function dsChain(resolver: Resolver, name: string) {
  const candidates = cutCandidates(name);
  const [dnskey, ...ds] = await Promise.all([
    resolver.query(name, 'DNSKEY', { dnssec: true, checkingDisabled: true }),
    ...candidates.map((n) => resolver.query(n, 'DS', { dnssec: true, checkingDisabled: true })),
  ]);
  return {
    hasDs: ds.some((a) => a.answers.some((r) => r.type === 'DS')),
    hasDnskey: dnskey.answers.some((r) => r.type === 'DNSKEY'),
  };
}
