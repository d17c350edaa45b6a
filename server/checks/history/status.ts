import type { CheckStatus } from '../../db/schema-checks';

// The stored status of one system (docs/CHECKS.md "Stored results"): fail when any warning is an error,
// warning when any is a warning, pass otherwise (info never lowers it). A checker that failed to run is a fail.

export type LooseWarning = { code?: unknown; severity?: unknown; message?: unknown; params?: unknown };

export function statusOf(warnings: LooseWarning[]): CheckStatus {
  if (warnings.some((w) => w.severity === 'error')) return 'fail';
  if (warnings.some((w) => w.severity === 'warning')) return 'warning';
  return 'pass';
}

const RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };

/** Most serious first, stable within a severity. */
export function bySeverity<T extends LooseWarning>(list: T[]): T[] {
  return list
    .map((w, i) => ({ w, i }))
    .sort((a, b) => (RANK[String(a.w.severity)] ?? 3) - (RANK[String(b.w.severity)] ?? 3) || a.i - b.i)
    .map(({ w }) => w);
}
