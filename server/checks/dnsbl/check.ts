import type { Resolver } from '../dnsTypes';
import { createTtlCache, type TtlCache } from './cache';
import { lookupList, type ListResult } from './lookup';
import type { ParsedIp } from './reverse';
import type { DnsList } from './zones';

// Every list at once for one address, answers reused for their TTL. Errors and timeouts are never cached,
// so the next check asks again.

export type BlocklistChecker = (ip: ParsedIp) => Promise<ListResult[]>;

export type CheckerOptions = {
  resolver: Resolver;
  lists: DnsList[];
  timeoutMs: number;
  cache?: TtlCache<ListResult>;
};

export function createBlocklistChecker(options: CheckerOptions): BlocklistChecker {
  const cache = options.cache ?? createTtlCache<ListResult>();
  return (ip) =>
    Promise.all(
      options.lists.map(async (list) => {
        const key = `${list.zone}|${ip.reversed}`;
        const hit = cache.get(key);
        if (hit) return { ...hit, time_ms: 0 };
        const result = await lookupList(options.resolver, list, ip, { timeoutMs: options.timeoutMs });
        cache.set(key, result, result.ttl);
        return result;
      }),
    );
}

export function summarise(results: ListResult[]) {
  const block = results.filter((r) => r.kind === 'block');
  return {
    listed: block.filter((r) => r.status === 'listed').length,
    not_listed: block.filter((r) => r.status === 'not_listed').length,
    failed: results.filter((r) => r.status === 'error' || r.status === 'timeout').length,
    allow_listed: results.filter((r) => r.kind === 'allow' && r.status === 'listed').length,
  };
}
