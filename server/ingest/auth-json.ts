import type { DkimAuthResult, SpfAuthResult } from '../dmarc/types';

// A record's DKIM and SPF results as elements of a `jsonb[]` array literal (pg-array.ts): the JSON text of
// the list, quoted and escaped for the array literal, written in one pass. The same text as
// textArray([toJson(list)]) (tested), without JSON.stringify of the objects and two regex replaces over the
// whole text: ~1 µs a record of Node's CPU at ingest. Element shapes: migration 0036_record_auth_results.

// Whether JSON.stringify would write the string as is: no quote, backslash, control character (NUL,
// which jsonb refuses, among them) or surrogate (a lone one is escaped).
function plain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}
const literalSpecials = /[\\"]/g;
// jsonb refuses the \ud800 escape JSON.stringify writes for a lone surrogate; text columns got U+FFFD for it
// (UTF-8 encoding on the way out), so the JSON gets the same.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A JSON string (or null) as it stands inside a quoted array element: quotes and backslashes escaped. */
function str(s: string | null): string {
  if (s === null) return 'null';
  if (plain(s)) return `\\"${s}\\"`;
  const json = JSON.stringify(s.split('\u0000').join('').replace(loneSurrogate, '\ufffd'));
  return json.replace(literalSpecials, '\\$&');
}

/** Array literal element of a record's DKIM results (`"[...]"`). */
export function dkimElement(list: readonly DkimAuthResult[], max: number): string {
  let out = '"[';
  const n = Math.min(list.length, max);
  for (let i = 0; i < n; i++) {
    const d = list[i];
    out += `${i > 0 ? ',' : ''}{\\"domain\\":${str(d.domain)},\\"selector\\":${str(d.selector)},\\"result\\":${str(d.result)},\\"human_result\\":${str(d.humanResult)}}`;
  }
  return out + ']"';
}

/** The report's warning when some record has more DKIM results than a record keeps (only hostile files do). */
export function dkimCapWarning(
  records: readonly { authResults: { dkim: readonly unknown[] } }[],
  max: number,
) {
  const over = records.filter((r) => r.authResults.dkim.length > max).length;
  return over === 0
    ? null
    : `${over} record(s) had more than ${max} DKIM results; only the first ${max} were kept`;
}

/** Array literal element of a record's SPF results (`"[...]"`). */
export function spfElement(list: readonly SpfAuthResult[]): string {
  let out = '"[';
  for (let i = 0; i < list.length; i++) {
    const a = list[i];
    out += `${i > 0 ? ',' : ''}{\\"domain\\":${str(a.domain)},\\"scope\\":${str(a.scope)},\\"result\\":${str(a.result)},\\"human_result\\":${str(a.humanResult)}}`;
  }
  return out + ']"';
}

/** An array literal of elements already quoted and escaped. */
export const rawArray = (elements: readonly string[]): string => `{${elements.join(',')}}`;
