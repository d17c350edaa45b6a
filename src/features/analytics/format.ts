/** Part of a total in percent (2 decimals), 0 without a total. */
export const share = (part: number, total: number) =>
  total === 0 ? 0 : Math.round((part / total) * 10_000) / 100;

/** "AS15169 Google LLC", "AS15169", or null when the AS is not known. */
export const asLabel = (r: { asn?: string | number | null; asName?: string | null }) =>
  r.asn ? [`AS${String(r.asn).replace(/^AS/i, '')}`, r.asName].filter(Boolean).join(' ') : null;
