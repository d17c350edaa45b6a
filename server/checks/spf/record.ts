import { isDnsFailure, type QueryOptions, type Resolver } from '../dnsTypes';
import { isSpfV1 } from './parser';

// Record lookup and selection (RFC 7208 §4.4, §4.5). Only TXT is consulted: the SPF RR type 99 is obsolete
// (§3.1, §14.1). Each TXT record's character-strings are joined without spaces (§3.3); records that do not
// begin with "v=spf1" followed by a space or their end are discarded ("v=spf10" is not SPF 1).

export type RecordLookup =
  | { kind: 'found'; text: string; chunks: string[]; txtRecords: string[] }
  | { kind: 'none'; reason: 'nxdomain' | 'no-spf-record'; txtRecords: string[] }
  | { kind: 'multiple'; records: string[]; txtRecords: string[] }
  | { kind: 'temperror'; message: string; rcode: string };

export async function lookupSpfRecord(
  domain: string,
  resolver: Resolver,
  opts?: QueryOptions,
): Promise<RecordLookup> {
  const answer = await resolver.query(domain, 'TXT', opts);
  if (isDnsFailure(answer)) {
    const why = answer.timedOut ? 'timed out' : `failed (${answer.rcode})`;
    return {
      kind: 'temperror',
      message: `TXT lookup for ${domain} ${why}`,
      rcode: answer.timedOut ? 'timeout' : answer.rcode,
    };
  }
  const txt = answer.answers.flatMap((r) => (r.type === 'TXT' ? [r] : []));
  const txtRecords = txt.map((r) => r.text);
  if (answer.rcode === 'NXDOMAIN') return { kind: 'none', reason: 'nxdomain', txtRecords };
  const spf = txt.filter((r) => isSpfV1(r.text));
  if (spf.length === 0) return { kind: 'none', reason: 'no-spf-record', txtRecords };
  if (spf.length > 1) return { kind: 'multiple', records: spf.map((r) => r.text), txtRecords };
  return { kind: 'found', text: spf[0].text, chunks: spf[0].chunks, txtRecords };
}
