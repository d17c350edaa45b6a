import type { CheckKind } from '../../../contract/checks';

// Checker results are camelCase TypeScript; the wire is snake_case (DESIGN.md §3). Keys inside `tags`
// (DMARC tag names) and `extensions` (names from a published record) are data and stay as they are.

const KEEP_KEYS_UNDER = new Set(['tags', 'extensions']);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function toWire(value: unknown, keepKeys = false): unknown {
  if (Array.isArray(value)) return value.map((v) => toWire(v));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = keepKeys ? k : snake(k);
    out[key] = toWire(v, !keepKeys && KEEP_KEYS_UNDER.has(k));
  }
  return out;
}

export type { CheckKind } from '../../../contract/checks';

export type CheckDocument = {
  data: { type: string; id: string; attributes: Record<string, unknown> };
  meta: { checked_at: string; cached: boolean };
};

/** The JSON:API-style document of one check: type "<kind>-check", id the (punycode) domain. */
export function checkDocument(
  kind: CheckKind,
  domain: string,
  result: unknown,
  checkedAt: Date,
  cached: boolean,
): CheckDocument {
  return {
    data: { type: `${kind}-check`, id: domain, attributes: toWire(result) as Record<string, unknown> },
    meta: { checked_at: checkedAt.toISOString(), cached },
  };
}
