// A small in-memory cache whose entries live as long as the DNS answer they came from (its TTL), bounded in
// size (oldest entries dropped first). The clock is injectable for tests.

export type TtlCache<T> = {
  get(key: string): T | undefined;
  set(key: string, value: T, ttlSeconds: number): void;
  clear(): void;
  readonly size: number;
};

export function createTtlCache<T>(maxEntries = 10_000, now: () => number = Date.now): TtlCache<T> {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.expires <= now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key, value, ttlSeconds) {
      if (ttlSeconds <= 0) return;
      entries.delete(key);
      entries.set(key, { value, expires: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
