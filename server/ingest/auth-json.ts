import type { DkimAuthResult, SpfAuthResult } from '../dmarc/types';

// A record's DKIM and SPF results as JSON texts of the lists, written in one pass: the same text as
// toJson(list) (tested), without JSON.stringify of the objects, ~1 µs a record of Node's CPU at ingest.
// Element shapes: migration 0036_record_auth_results. A statement sends its distinct lists as one jsonb
// array (store-aggregate.ts insertRecords).

// Whether JSON.stringify would write the string as is: no quote, backslash, control character (NUL,
// which jsonb refuses, among them) or surrogate (a lone one is escaped).
function plain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}
// jsonb refuses the \ud800 escape JSON.stringify writes for a lone surrogate; text columns got U+FFFD for it
// (UTF-8 encoding on the way out), so the JSON gets the same.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A JSON string, or null. */
function str(s: string | null): string {
  if (s === null) return 'null';
  if (plain(s)) return `"${s}"`;
  return JSON.stringify(s.split('\u0000').join('').replace(loneSurrogate, '\ufffd'));
}

const dkimFragment = (d: DkimAuthResult) =>
  `{"domain":${str(d.domain)},"selector":${str(d.selector)},"result":${str(d.result)},"human_result":${str(d.humanResult)}}`;
const spfFragment = (a: SpfAuthResult) =>
  `{"domain":${str(a.domain)},"scope":${str(a.scope)},"result":${str(a.result)},"human_result":${str(a.humanResult)}}`;

/** JSON text of a record's DKIM results (at most max of them). */
export function dkimElement(list: readonly DkimAuthResult[], max: number): string {
  let out = '[';
  const n = Math.min(list.length, max);
  for (let i = 0; i < n; i++) out += (i > 0 ? ',' : '') + dkimFragment(list[i]);
  return out + ']';
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

/** JSON text of a record's SPF results. */
export function spfElement(list: readonly SpfAuthResult[]): string {
  let out = '[';
  for (let i = 0; i < list.length; i++) out += (i > 0 ? ',' : '') + spfFragment(list[i]);
  return out + ']';
}

// Reports repeat a few results record after record (the same signer, selector and verdict): each distinct
// result's text is written once per statement and found again by comparing fields, which spares building
// (and later flattening) some forty small strings a record. A linear scan of the few results seen for a
// domain beat nested Maps (measured). At most memoCap results are kept; any more are written each time.
const memoCap = 10_000;
const perDomain = 16;
type Seen = { second: string | null; result: string; human: string | null; text: string; element: string };
type Result = { domain: string; result: string; humanResult: string | null };

// A string built by concatenation is a tree of its pieces, walked piece by piece each time it is copied into
// a statement's text; reading a character makes V8 flatten it into one piece, once.
const flat = (s: string) => (s.charCodeAt(0) >= 0 ? s : s);

/** dkimElement and spfElement with a memo, for the records of one statement. */
export function authElements(max: number) {
  let size = 0;
  function seen<T extends Result>(
    memo: Map<string, Seen[]>,
    r: T,
    second: string | null,
    write: (r: T) => string,
  ): Seen {
    let list = memo.get(r.domain);
    if (list !== undefined)
      for (let i = 0; i < list.length; i++) {
        const e = list[i];
        if (e.second === second && e.result === r.result && e.human === r.humanResult) return e;
      }
    const text = flat(write(r));
    const e = { second, result: r.result, human: r.humanResult, text, element: flat(`[${text}]`) };
    if (size < memoCap) {
      if (list === undefined) memo.set(r.domain, (list = []));
      if (list.length < perDomain) {
        size++;
        list.push(e);
      }
    }
    return e;
  }
  const dkimSeen = new Map<string, Seen[]>();
  const spfSeen = new Map<string, Seen[]>();
  const dkim = (d: DkimAuthResult) => seen(dkimSeen, d, d.selector, dkimFragment);
  const spf = (a: SpfAuthResult) => seen(spfSeen, a, a.scope, spfFragment);
  return {
    dkim(list: readonly DkimAuthResult[]): string {
      const n = Math.min(list.length, max);
      if (n <= 1) return n === 0 ? '[]' : dkim(list[0]).element;
      let out = '[' + dkim(list[0]).text;
      for (let i = 1; i < n; i++) out += ',' + dkim(list[i]).text;
      return out + ']';
    },
    spf(list: readonly SpfAuthResult[]): string {
      if (list.length <= 1) return list.length === 0 ? '[]' : spf(list[0]).element;
      let out = '[' + spf(list[0]).text;
      for (let i = 1; i < list.length; i++) out += ',' + spf(list[i]).text;
      return out + ']';
    },
  };
}
