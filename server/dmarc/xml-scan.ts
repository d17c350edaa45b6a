// A scanner for the plain XML real aggregate reports are written in: one pass over a decoded document with
// indexOf/charCodeAt, calling the same events saxes gives the builder (see aggregate-xml.ts). It returns
// false as soon as it meets anything outside a strict subset of XML 1.0 (DOCTYPE, processing instructions,
// unknown entities, non-ASCII names, damage of any kind); the caller then parses with saxes instead, so
// everything it accepts must give exactly the events, text pieces included, saxes gives without an error.

export type XmlSink = {
  open(name: string, attributes: Record<string, string>): void;
  addText(text: string): void;
  close(): void;
};

const noAttributes: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);
const predefined = new Map(Object.entries({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }));

const TAB = 9;
const LF = 10;
const CR = 13;
const isSpace = (c: number) => c === 0x20 || c === LF || c === TAB || c === CR;
// ASCII only: a name with other characters is left to saxes (XML 1.0 §2.3 allows many more).
// 1: may start a name, 2: may continue one.
const nameChars = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
  if (letter || c === 0x5f || c === 0x3a) nameChars[c] = 3;
  else if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e) nameChars[c] = 2;
}

/** Width of the character at i (2 for a surrogate pair), or 0 when XML 1.0 §2.2 forbids it; not for CR. */
function charWidth(s: string, i: number, c: number): number {
  if (c < 0x20) return c === TAB || c === LF ? 1 : 0;
  if (c < 0xd800) return 1;
  if (c > 0xdbff) return c <= 0xdfff || c >= 0xfffe ? 0 : 1;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 0;
}

/** The replacement of the reference starting at s[i] === '&' and its end, or null (§4.1, §4.6). */
function reference(s: string, i: number): [string, number] | null {
  const semi = s.indexOf(';', i + 1);
  if (semi < 0 || semi - i > 10) return null;
  if (s.charCodeAt(i + 1) !== 0x23) {
    const value = predefined.get(s.slice(i + 1, semi));
    return value === undefined ? null : [value, semi + 1];
  }
  // saxes takes only a lower-case x for hexadecimal (§4.1 CharRef).
  const hex = s.charCodeAt(i + 2) === 0x78;
  const from = i + (hex ? 3 : 2);
  if (from === semi) return null;
  let code = 0;
  for (let k = from; k < semi; k++) {
    const d = s.charCodeAt(k);
    const lower = d | 0x20;
    const v = d >= 0x30 && d <= 0x39 ? d - 0x30 : hex && lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
    if (v < 0) return null;
    code = code * (hex ? 16 : 10) + v;
  }
  if (code > 0x10ffff) return null;
  // The character must match §2.2 Char; a referenced CR is kept as it is.
  const char = String.fromCodePoint(code);
  return code === CR || charWidth(char, 0, char.charCodeAt(0)) > 0 ? [char, semi + 1] : null;
}

const RAW = 0; // comment or CDATA section
const TEXT = 1;
const ATTR = 2;

/**
 * s[from, to) with line ends made LF (§2.11) and references replaced (not in RAW), or null for a character
 * §2.2 forbids or damage. In an attribute value each white space character becomes a space (§3.3.3).
 */
function segment(s: string, from: number, to: number, mode: number): string | null {
  let out = '';
  let start = from;
  for (let i = from; i < to;) {
    const c = s.charCodeAt(i);
    // The common case first: a character that needs nothing done.
    if (c > 0x3e ? c < 0xd800 : c >= 0x20 && c !== 0x26 && c !== 0x3c && c !== 0x3e) {
      i++;
    } else if (c === CR || (mode === ATTR && (c === LF || c === TAB))) {
      out += s.slice(start, i) + (mode === ATTR ? ' ' : '\n');
      i += c === CR && s.charCodeAt(i + 1) === LF ? 2 : 1;
      start = i;
    } else if (mode !== RAW && (c === 0x26 || c === 0x3c)) {
      const ref = c === 0x26 ? reference(s, i) : null;
      if (ref === null || ref[1] > to) return null;
      out += s.slice(start, i) + ref[0];
      i = start = ref[1];
    } else if (mode === TEXT && c === 0x3e && s.charCodeAt(i - 1) === 0x5d && s.charCodeAt(i - 2) === 0x5d) {
      return null; // "]]>" may not appear in character data (§2.4)
    } else {
      const w = charWidth(s, i, c);
      if (w === 0) return null;
      i += w;
    }
  }
  return out + s.slice(start, to);
}

/** End of the name starting at i, or i when there is none. */
function nameEnd(s: string, i: number): number {
  if ((nameChars[s.charCodeAt(i)] & 1) === 0) return i;
  let j = i + 1;
  while (nameChars[s.charCodeAt(j)] > 0) j++;
  return j;
}

/** True when s[from, to) equals the same length of s at earlier. */
function repeats(s: string, earlier: number, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (s.charCodeAt(k) !== s.charCodeAt(earlier++)) return false;
  return true;
}

// The element names of aggregate reports (RFC 9990 appendix A) are handed out as these constants rather than
// as a new string per tag: less garbage, and strings V8 has hashed. A table slot is found by length and first
// and last character, and a name is checked against namesText (one kind of string at each charCodeAt).
// prettier-ignore
const knownNames = [
  'feedback', 'version', 'report_metadata', 'org_name', 'email', 'extra_contact_info', 'report_id',
  'date_range', 'begin', 'end', 'error', 'generator', 'policy_published', 'domain', 'adkim', 'aspf', 'p',
  'sp', 'np', 'pct', 'fo', 'testing', 'discovery_method', 'record', 'row', 'source_ip', 'count',
  'policy_evaluated', 'disposition', 'dkim', 'spf', 'reason', 'type', 'comment', 'identifiers',
  'header_from', 'envelope_from', 'envelope_to', 'auth_results', 'selector', 'scope', 'result',
  'human_result', 'extensions', 'extension',
];
const NAMES_MASK = 255;
const names = new Array<string | undefined>(NAMES_MASK + 1).fill(undefined);
const namesFrom = new Int32Array(NAMES_MASK + 1);
const namesText = knownNames.join(' ');
const nameKey = (s: string, from: number, to: number) =>
  (Math.imul(s.charCodeAt(from) * 31 + s.charCodeAt(to - 1), 31) + to - from) & NAMES_MASK;
for (let from = 0, k = 0; k < knownNames.length; from += knownNames[k++].length + 1) {
  let at = nameKey(knownNames[k], 0, knownNames[k].length);
  while (names[at] !== undefined) at = (at + 1) & NAMES_MASK;
  names[at] = knownNames[k];
  namesFrom[at] = from;
}

/** The name s[from, to) as a known constant, or a new string. */
function nameAt(s: string, from: number, to: number): string {
  for (let at = nameKey(s, from, to); ; at = (at + 1) & NAMES_MASK) {
    const known = names[at];
    if (known === undefined) return s.slice(from, to);
    if (known.length !== to - from) continue;
    let k = from;
    for (let j = namesFrom[at]; k < to && s.charCodeAt(k) === namesText.charCodeAt(j); j++) k++;
    if (k === to) return known;
  }
}

// Short text pieces (values, indentation) repeat: the last one seen per hash slot is handed out again, so a
// repeated value is one string, hashed once. The table is shared by every scan and emptied after each (it
// must not keep a document alive); a document uses a part in proportion to its length.
const TEXTS_MAX_MASK = 2047;
const TEXT_MAX = 64;
const texts = new Array<string | undefined>(TEXTS_MAX_MASK + 1).fill(undefined);
const textsFrom = new Int32Array(TEXTS_MAX_MASK + 1);

function skipSpace(s: string, i: number): number {
  while (isSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Length of a well-formed XML declaration at the start (§2.8) with version 1.0, or -1. */
function xmlDeclaration(s: string): number {
  let i = 5;
  let expect = ['version', 'encoding', 'standalone'];
  for (;;) {
    const afterSpace = skipSpace(s, i);
    if (s.startsWith('?>', afterSpace)) return expect[0] === 'version' ? -1 : afterSpace + 2;
    if (afterSpace === i) return -1;
    const end = nameEnd(s, afterSpace);
    const name = s.slice(afterSpace, end);
    const at = expect.indexOf(name);
    if (at < 0 || (at > 0 && expect[0] === 'version')) return -1;
    expect = expect.slice(at + 1);
    i = skipSpace(s, end);
    if (s.charCodeAt(i) !== 0x3d) return -1;
    i = skipSpace(s, i + 1);
    const q = s.charCodeAt(i);
    if (q !== 0x22 && q !== 0x27) return -1;
    const close = s.indexOf(q === 0x22 ? '"' : "'", i + 1);
    if (close < 0) return -1;
    const value = s.slice(i + 1, close);
    // Version 1.1 changes the line-end and character rules; leave it to saxes.
    if (name === 'version' && value !== '1.0') return -1;
    if (name === 'standalone' && value !== 'yes' && value !== 'no') return -1;
    if (name === 'encoding' && !/^[A-Za-z][A-Za-z0-9._-]*$/.test(value)) return -1;
    i = close + 1;
  }
}

/** Scans the document s into sink; false (events may have been sent) when s is not for the scanner. */
export function scanXml(s: string, sink: XmlSink): boolean {
  let mask = 63;
  while (mask < TEXTS_MAX_MASK && mask * 16 < s.length) mask = mask * 2 + 1;
  try {
    return scan(s, sink, mask);
  } finally {
    texts.fill(undefined, 0, mask + 1);
  }
}

function scan(s: string, sink: XmlSink, textsMask: number): boolean {
  const n = s.length;
  // Where each open element's name starts and ends in s: a close tag is checked against the document.
  const stack: number[] = [];
  let sawRoot = false;
  // saxes skips white space at the very start without a text event.
  let i = s.startsWith('<?xml') ? xmlDeclaration(s) : skipSpace(s, 0);
  if (i < 0) return false;
  while (i < n) {
    // The text up to the next markup is one event, as saxes gives it (also after the root). The common
    // case first: a run of characters that need nothing done.
    let lt = i;
    let h = 0;
    let c = s.charCodeAt(lt);
    while (c > 0x3e ? c < 0xd800 : c >= 0x20 && c !== 0x26 && c !== 0x3c && c !== 0x3e) {
      h = (Math.imul(h, 31) + c) | 0;
      c = s.charCodeAt(++lt);
    }
    if (c !== 0x3c) lt = s.indexOf('<', lt);
    const to = lt < 0 ? n : lt;
    // Only white space outside the root element (§2.1 Misc).
    if (stack.length === 0 && skipSpace(s, i) < to) return false;
    let text: string | null;
    if (c !== 0x3c) text = segment(s, i, to, TEXT);
    else if (to - i > TEXT_MAX || to === i) text = s.slice(i, to);
    else {
      const at = h & textsMask;
      const seen = texts[at];
      if (seen !== undefined && seen.length === to - i && repeats(s, textsFrom[at], i, to)) text = seen;
      else {
        text = texts[at] = s.slice(i, to);
        textsFrom[at] = i;
      }
    }
    if (text === null) return false;
    if (text.length > 0) sink.addText(text);
    if (lt < 0) break;
    i = lt;
    const next = s.charCodeAt(i + 1);
    if (next === 0x2f) {
      // The name of the open element, and no more of a name after it.
      if (stack.length === 0) return false;
      const openEnd = stack.pop() as number;
      const openStart = stack.pop() as number;
      const end = i + 2 + openEnd - openStart;
      if (!repeats(s, openStart, i + 2, end) || nameChars[s.charCodeAt(end)] > 0) return false;
      const close = skipSpace(s, end);
      if (s.charCodeAt(close) !== 0x3e) return false;
      sink.close();
      i = close + 1;
    } else if (next === 0x21) {
      if (s.startsWith('--', i + 2)) {
        // §2.5: "--" only as the end of the comment.
        const dashes = s.indexOf('--', i + 4);
        if (dashes < 0 || s.charCodeAt(dashes + 2) !== 0x3e || segment(s, i + 4, dashes, RAW) === null)
          return false;
        i = dashes + 3;
      } else if (s.startsWith('[CDATA[', i + 2) && stack.length > 0) {
        const end = s.indexOf(']]>', i + 9);
        const content = end < 0 ? null : segment(s, i + 9, end, RAW);
        if (content === null) return false;
        sink.addText(content);
        i = end + 3;
      } else {
        return false; // DOCTYPE (§2.8), or damage
      }
    } else {
      if (sawRoot && stack.length === 0) return false; // a second root (§2.1)
      const end = openTag(s, i + 1, sink, stack);
      if (end < 0) return false;
      sawRoot = true;
      i = end;
    }
  }
  return stack.length === 0 && sawRoot;
}

/** Reads the tag whose name starts at i (§3.1) and sends it; returns the index after '>' or -1. */
function openTag(s: string, i: number, sink: XmlSink, stack: number[]): number {
  const end = nameEnd(s, i);
  if (end === i) return -1;
  const name = nameAt(s, i, end);
  const start = i;
  let attributes = noAttributes;
  i = end;
  for (;;) {
    let c = s.charCodeAt(i);
    const spaced = isSpace(c);
    if (spaced) c = s.charCodeAt((i = skipSpace(s, i)));
    if (c === 0x3e || (c === 0x2f && s.charCodeAt(i + 1) === 0x3e)) {
      sink.open(name, attributes);
      if (c === 0x2f) sink.close();
      else stack.push(start, end);
      return i + (c === 0x2f ? 2 : 1);
    }
    // An attribute, after white space (§3.1 STag).
    const nameStop = spaced ? nameEnd(s, i) : i;
    if (nameStop === i) return -1;
    const key = s.slice(i, nameStop);
    let at = skipSpace(s, nameStop);
    if (s.charCodeAt(at) !== 0x3d) return -1;
    at = skipSpace(s, at + 1);
    const q = s.charCodeAt(at);
    const close = q === 0x22 || q === 0x27 ? s.indexOf(q === 0x22 ? '"' : "'", at + 1) : -1;
    const value = close < 0 ? null : segment(s, at + 1, close, ATTR);
    if (value === null) return -1;
    if (attributes === noAttributes) attributes = Object.create(null) as Record<string, string>;
    else if (attributes[key] !== undefined) return -1; // §3.1 unique attributes
    attributes[key] = value;
    i = close + 1;
  }
}
