// PostgreSQL array literals built here rather than by the driver: the record columns of a report go to the
// server as one text parameter per column (`$1::text[]`), and pg's generic serialiser (two regex replaces and
// a type dispatch per element) was a measurable part of Node's CPU at ingest. Same text as pg produces, so
// the same on PGlite. Elements are always quoted; backslash and double quote are escaped (PostgreSQL manual
// 8.15.6, array value input).

const special = /[\\"]/;
const specials = /[\\"]/g;

/** Literal of a text (or jsonb: JSON texts) array; null elements become NULL. */
export function textArray(values: readonly (string | null)[]): string {
  // Without nulls, JSON.stringify writes the same quoted elements in one native pass when it escapes
  // nothing: the literal escapes only quote and backslash, JSON those and control characters and lone
  // surrogates, so a JSON text without a backslash has no element that either would have escaped.
  if (!values.includes(null)) {
    const json = JSON.stringify(values);
    if (!json.includes('\\')) return `{${json.slice(1, -1)}}`;
  }
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    if (v === null) out += 'NULL';
    else out += special.test(v) ? `"${v.replace(specials, '\\$&')}"` : `"${v}"`;
  }
  return out + '}';
}

/** Literal of an integer array. */
export const intArray = (values: readonly number[]): string => `{${values.join(',')}}`;
