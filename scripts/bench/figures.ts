import os from 'node:os';

// Shared by the benchmarks that print percentiles with the load they ran under.

/** The q-quantile (0..1) of the values, nearest rank; 0 for none. */
export const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

/** The 1, 5 and 15 minute load averages, e.g. "1.20 0.85 0.60": the figures mean little on a loaded machine. */
export const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
