import type { Resolver } from '../dnsTypes';
import { queryName, type ParsedIp } from '../dnsbl/reverse';
import { categoryOfAddress, noInfo, type ReputationCategory } from './categories';

export type ReputationResult = ReputationCategory & {
  zone: string | null;
  /** 'ok' when the zone answered (listed or not), 'error' / 'timeout' when it could not be asked. */
  lookup: 'ok' | 'error' | 'timeout' | 'not_configured';
};

// The reputation category of an address in REPUTATION_ZONE. Several answers: the worst one counts.
export async function lookupReputation(
  resolver: Resolver,
  zone: string | undefined,
  ip: ParsedIp,
  timeoutMs: number,
): Promise<ReputationResult> {
  if (!zone) return { ...noInfo, zone: null, lookup: 'not_configured' };
  const answer = await resolver.query(queryName(ip, zone), 'A', { timeoutMs, tries: 1 });
  if (answer.timedOut) return { ...noInfo, zone, lookup: 'timeout' };
  if (answer.rcode !== 'NOERROR' && answer.rcode !== 'NXDOMAIN') return { ...noInfo, zone, lookup: 'error' };
  const categories = answer.answers
    .flatMap((r) => (r.type === 'A' ? [categoryOfAddress(r.address)] : []))
    .filter((c) => c.level !== null)
    .sort((a, b) => (a.level ?? 0) - (b.level ?? 0));
  return { ...(categories[0] ?? noInfo), zone, lookup: 'ok' };
}
