import { INVALIDATING, type SpfWarning, type SpfWarningCode } from './warnings';

// SPF score rubric (0-100). docs/CHECKS.md is written from this block.
//   No SPF record ................................................ 0
//   A record receivers cannot use (permerror: several records, a syntax error, an include or redirect
//   without a record, a loop, more than 10 DNS lookups, more than 2 void lookups, an mx with more than
//   10 hosts) ................................................... 10
//   Otherwise 100, minus:
//     +all anywhere in the tree (anyone may send) ................ 60
//     ?all at the top (no policy) ................................ 30
//     no "all" and no redirect (ends neutral) .................... 20
//     ptr mechanism used (slow, discouraged, RFC 7208 §5.5) ...... 10
//     each void lookup (max 2 counted) ............................ 5
//     9 or 10 DNS lookups (one change from permerror) ............. 5
//     DNS errors while analysing (result uncertain) .............. 10
//     a string over 255 or an answer over 450 octets (§3.3, §3.4) .. 5
//     obsolete SPF (type 99) record published (§3.1) .............. 5
//   Info-only notes (macros, redirect ignored, tree truncated) cost nothing. Clamped to 0-100.

const PENALTY: Partial<Record<SpfWarningCode, number>> = {
  plus_all: 60,
  neutral_all: 30,
  no_all: 20,
  ptr_used: 10,
  void_lookup: 5,
  near_lookup_limit: 5,
  dns_error: 10,
  string_too_long: 5,
  record_too_large: 5,
  spf_rr_type: 5,
};

/** Penalties that apply once however often the warning appears; void_lookup counts up to twice. */
const MAX_TIMES: Partial<Record<SpfWarningCode, number>> = { void_lookup: 2 };

export function scoreSpf(hasRecord: boolean, warnings: SpfWarning[]): number {
  if (!hasRecord) return 0;
  if (warnings.some((w) => INVALIDATING.has(w.code))) return 10;
  const seen = new Map<SpfWarningCode, number>();
  let score = 100;
  for (const w of warnings) {
    const times = (seen.get(w.code) ?? 0) + 1;
    seen.set(w.code, times);
    if (times > (MAX_TIMES[w.code] ?? 1)) continue;
    score -= PENALTY[w.code] ?? 0;
  }
  return Math.max(0, Math.min(100, score));
}
