import type { DnsAnswer, Resolver } from '../dnsTypes';
import { queryName, type ParsedIp } from './reverse';
import type { DnsList, ListKind } from './zones';

// One address against one DNS list (RFC 5782 §2): an A query on the reversed name; an answer in 127.0.0.0/8
// is a listing (or, for the codes the list documents as errors, an error); NXDOMAIN or no data is "not
// listed"; the TXT record of a listed name carries the reason (§2.1).

export type ListStatus = 'listed' | 'not_listed' | 'error' | 'timeout';
export type ReturnCode = { code: string; meaning: string };

export type ListResult = {
  name: string;
  zone: string;
  kind: ListKind;
  status: ListStatus;
  codes: ReturnCode[];
  reason: string | null;
  error: string | null;
  time_ms: number;
  delist_url: string | null;
  /** Seconds the answer may be reused (the smallest TTL seen); 0 for errors and timeouts. */
  ttl: number;
};

// Negative answers carry their TTL in the SOA of the authority section, which the resolver does not return:
// reuse them for a bounded time instead. Positive answers are capped too, so a delisting shows within the hour.
export const negativeTtl = 300;
export const maxTtl = 3600;

export type LookupOptions = { timeoutMs: number; now?: () => number };

export async function lookupList(
  resolver: Resolver,
  list: DnsList,
  ip: ParsedIp,
  options: LookupOptions,
): Promise<ListResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const base = { name: list.name, zone: list.zone, kind: list.kind, delist_url: list.delistUrl };
  const done = (rest: Omit<ListResult, keyof typeof base | 'time_ms'>): ListResult => ({
    ...base,
    ...rest,
    time_ms: Math.max(0, Math.round(now() - started)),
  });
  const failed = (status: 'error' | 'timeout', error: string, codes: ReturnCode[] = []) =>
    done({ status, codes, reason: null, error, ttl: 0 });

  if (ip.version === 6 && !list.ipv6) return done(notListed(negativeTtl));
  const name = queryName(ip, list.zone);
  const a = await resolver.query(name, 'A', { timeoutMs: options.timeoutMs, tries: 1 });
  if (a.timedOut) return failed('timeout', 'No answer in time');
  if (a.rcode === 'NXDOMAIN') return done(notListed(negativeTtl));
  if (a.rcode !== 'NOERROR') return failed('error', a.error ?? `DNS error ${a.rcode}`);
  const addresses = a.answers.flatMap((r) => (r.type === 'A' ? [{ code: r.address, ttl: r.ttl }] : []));
  if (addresses.length === 0) return done(notListed(negativeTtl));

  const errorCodes = addresses.filter((x) => isErrorCode(list, x.code));
  if (errorCodes.length > 0) {
    // An answer outside 127/8 is a resolver rewriting NXDOMAIN (RFC 5782 §2.1 reserves 127.0.0.0/8).
    const codes = errorCodes.map(({ code }) => ({
      code,
      meaning:
        list.errors[code] ??
        (code.startsWith('127.')
          ? 'The list refused the query (127.255.255.x)'
          : 'Not a DNSBL answer: the resolver rewrote the reply'),
    }));
    return failed('error', codes.map((c) => c.meaning).join('; '), codes);
  }
  const codes = addresses.map(({ code }) => ({ code, meaning: meaningOf(list, code) }));
  const reason = await reasonOf(resolver, name, options.timeoutMs);
  const ttl = Math.min(maxTtl, ...addresses.map((x) => x.ttl));
  return done({ status: 'listed', codes, reason, error: null, ttl });
}

// 127.255.255.0/24 is where lists (Spamhaus, and others after it) put "query refused" answers.
const isErrorCode = (list: DnsList, code: string) =>
  Boolean(list.errors[code]) ||
  !code.startsWith('127.') ||
  (code.startsWith('127.255.255.') && !list.codes[code]);

const notListed = (ttl: number) => ({
  status: 'not_listed' as const,
  codes: [],
  reason: null,
  error: null,
  ttl,
});

function meaningOf(list: DnsList, code: string): string {
  return list.codes[code] ?? list.describe?.(code) ?? (list.kind === 'allow' ? 'Allow-listed' : 'Listed');
}

async function reasonOf(resolver: Resolver, name: string, timeoutMs: number): Promise<string | null> {
  const txt: DnsAnswer = await resolver.query(name, 'TXT', { timeoutMs, tries: 1 });
  const texts = txt.answers.flatMap((r) => (r.type === 'TXT' ? [r.text] : []));
  return texts.length ? texts.join(' ') : null;
}
