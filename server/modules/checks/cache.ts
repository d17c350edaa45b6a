// A short-lived cache of check results, shared by identical concurrent requests: the first asks DNS, the
// others wait on its promise (so a burst of the same question costs one check). Bounded in size; the
// oldest entry goes first. A failed check is not kept.

type Entry<T> = { value: Promise<T>; expires: number; at: Date };

export type ResultCache<T> = {
  get(key: string, work: () => Promise<T>): Promise<{ value: T; at: Date; cached: boolean }>;
  clear(): void;
};

export function createResultCache<T>(
  ttlSeconds: number,
  maxEntries = 2000,
  now = () => Date.now(),
): ResultCache<T> {
  const entries = new Map<string, Entry<T>>();
  return {
    async get(key, work) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return { value: await hit.value, at: hit.at, cached: true };
      if (hit) entries.delete(key);
      const at = new Date(now());
      const value = work();
      if (ttlSeconds > 0) {
        // In flight until settled, then valid for ttlSeconds from now.
        const entry: Entry<T> = { value, expires: Number.POSITIVE_INFINITY, at };
        entries.set(key, entry);
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
        value.then(
          () => {
            entry.expires = now() + ttlSeconds * 1000;
          },
          () => {
            if (entries.get(key) === entry) entries.delete(key);
          },
        );
      }
      return { value: await value, at, cached: false };
    },
    clear: () => entries.clear(),
  };
}
