// Seeded pseudo-random draws for generated data (the ingest benchmark's corpus, the demo organization's
// reports): the same seed gives the same data on every run and machine.

/** mulberry32: small, fast, seeded; numbers in [0, 1). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws ranks 0..n-1 with P(k) proportional to 1/(k+1)^s, by binary search in the cumulative weights. */
export function zipf(n: number, s: number): (u: number) => number {
  const cum = new Float64Array(n);
  let total = 0;
  for (let k = 0; k < n; k++) cum[k] = total += 1 / (k + 1) ** s;
  return (u: number) => {
    const x = u * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The value whose share of [0, 1) holds u; the table's weights add up to 1 (the last takes any rest). */
export function weighted<T>(u: number, table: readonly (readonly [number, T])[]): T {
  for (const [p, v] of table) if ((u -= p) < 0) return v;
  return table[table.length - 1][1];
}
