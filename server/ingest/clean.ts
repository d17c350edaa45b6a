// PostgreSQL text and jsonb refuse U+0000; reports (and fuzzed copies of them) can carry it.
export const cleanText = (s: string): string => (s.includes('\u0000') ? s.split('\u0000').join('') : s);
export const cleanOptional = (s: string | null | undefined): string | null =>
  s === null || s === undefined ? null : cleanText(s);
// In the JSON text a NUL is the escape \u0000; one preceded by an odd run of backslashes is not an escape but
// text (an escaped backslash then "u0000"), and removing it would break the JSON.
const jsonNul = /(?<!\\)((?:\\\\)*)\\u0000/g;
export const toJson = (value: unknown): string => JSON.stringify(value ?? null).replace(jsonNul, '$1');

const firstMs = Date.UTC(1900, 0, 1);
const lastMs = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Epoch seconds to a Date within years 1900-9999 (a damaged report can carry any number). */
export function epochDate(seconds: number): Date {
  const ms = Number.isFinite(seconds) ? seconds * 1000 : 0;
  return new Date(Math.min(Math.max(ms, firstMs), lastMs));
}

/** UTC calendar day (YYYY-MM-DD) of an epoch-seconds instant. */
export const utcDay = (seconds: number): string => epochDate(seconds).toISOString().slice(0, 10);
