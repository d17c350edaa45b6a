import { isIP } from 'node:net';
import type { Disposition, DkimResult, DmarcVerdict, SpfResult, SpfScope } from './types';

// Real reporters send 'Pass', ' pass ', 'HardFail', 'temp_error'...: reduce a word to lower-case letters.
// Most values already are one of the words below: those skip the lower-casing and the regex (five calls
// per record; measured with the parse profile, docs/PERFORMANCE.md).
const word = (raw: string): string => (plainWords.has(raw) ? raw : raw.toLowerCase().replace(/[^a-z]/g, ''));

const dkimResults: readonly DkimResult[] = [
  'none',
  'pass',
  'fail',
  'policy',
  'neutral',
  'temperror',
  'permerror',
];
const spfResults: readonly SpfResult[] = [
  'none',
  'neutral',
  'pass',
  'fail',
  'softfail',
  'temperror',
  'permerror',
];

/** Result word or null when unknown (the caller decides the fallback and the warning). */
export const dkimResult = (raw: string): DkimResult | null => {
  const w = word(raw);
  if (w === 'hardfail') return 'fail';
  if (w === 'error') return 'temperror';
  return (dkimResults as readonly string[]).includes(w) ? (w as DkimResult) : null;
};

export const spfResult = (raw: string): SpfResult | null => {
  const w = word(raw);
  // 'hardfail' is the pre-RFC 7208 name of fail; RFC 7208 section 2.6 knows only these seven.
  if (w === 'hardfail') return 'fail';
  if (w === 'error') return 'temperror';
  return (spfResults as readonly string[]).includes(w) ? (w as SpfResult) : null;
};

const plainWords = new Set<string>([
  ...dkimResults,
  ...spfResults,
  ...['quarantine', 'reject', 'mfrom', 'helo', 'r', 's', 'y', 'n'],
]);

export const dmarcVerdict = (raw: string): DmarcVerdict | null => {
  const w = word(raw);
  if (w === 'pass') return 'pass';
  if (w === 'fail' || w === 'hardfail' || w === 'softfail' || w === 'none' || w === 'neutral') return 'fail';
  return null;
};

export const disposition = (raw: string): Disposition | null => {
  const w = word(raw);
  // Some reporters write the DMARC result where the disposition belongs: a passing message got 'none'.
  if (w === 'pass' || w === 'none') return 'none';
  if (w === 'quarantine' || w === 'reject') return w;
  return null;
};

export const alignment = (raw: string): 'r' | 's' | null => {
  const w = word(raw);
  if (w === 'r' || w === 'relaxed') return 'r';
  if (w === 's' || w === 'strict') return 's';
  return null;
};

export const spfScope = (raw: string): SpfScope | null => {
  const w = word(raw);
  return w === 'mfrom' || w === 'helo' ? w : null;
};

export const yesNo = (raw: string): 'y' | 'n' | null => {
  const w = word(raw);
  if (w === 'y' || w === 'yes' || w === 'true') return 'y';
  if (w === 'n' || w === 'no' || w === 'false') return 'n';
  return null;
};

/** Domains compare case-insensitively and a trailing root dot means the same name. */
export const domain = (raw: string): string => {
  const s = raw.trim().toLowerCase();
  return s.endsWith('.') ? s.slice(0, -1) : s;
};

/** A valid IPv4/IPv6 address in canonical text, or null. Strips brackets and a zone-less IPv6 prefix. */
export const ipAddress = (raw: string): string | null => {
  let s = raw.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (/^ipv6:/i.test(s)) s = s.slice(5);
  const v = isIP(s);
  if (v === 4) return s;
  if (v === 6) return s.toLowerCase();
  return null;
};

/** Non-negative safe integer from text ('12', ' 12 ', '12.0'), else null. */
export const count = (raw: string): number | null => {
  // Nearly every count is plain digits: read them without the regex (once per record).
  if (raw.length > 0 && raw.length < 16) {
    let n = 0;
    for (let k = 0; k < raw.length && n >= 0; k++) {
      const d = raw.charCodeAt(k) - 0x30;
      n = d >= 0 && d <= 9 ? n * 10 + d : -1;
    }
    if (n >= 0) return n;
  }
  const s = raw.trim();
  if (!/^\d+(\.0+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
};

/** Above this an epoch value is in milliseconds: 1e11 seconds is the year 5138, 1e11 ms is 1973. */
export const millisecondsFrom = 1e11;

/**
 * Epoch seconds from an integer (or decimal) string, or from an ISO date some reporters send. RFC 7489
 * appendix C says seconds; a few reporters write milliseconds, which are read as such.
 */
export const epochSeconds = (raw: string): number | null => {
  const s = raw.trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    const value = Number(s);
    const n = Math.floor(value >= millisecondsFrom ? value / 1000 : value);
    return Number.isSafeInteger(n) && n >= 0 ? n : null;
  }
  if (/^\d{4}-\d\d-\d\d/.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : Math.floor(t / 1000);
  }
  return null;
};

/**
 * Interns repeated short strings (domains, selectors, IPs) and copies new ones, so that the records of a
 * big report do not keep the parser's input chunks alive through V8 sliced strings. Domains and addresses
 * are also cached by their raw text (a report repeats them record after record) when it is already their
 * normal form, keyed by the copy for the same reason.
 */
export class Interner {
  private readonly seen = new Map<string, string>();
  private readonly domains = new Map<string, string>();
  private readonly ips = new Map<string, string>();
  constructor(private readonly cap = 100_000) {}

  get(s: string): string {
    if (s.length === 0) return '';
    const hit = this.seen.get(s);
    if (hit !== undefined) return hit;
    const copy = s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8');
    if (this.seen.size < this.cap) this.seen.set(copy, copy);
    return copy;
  }

  /** get(domain(raw)). */
  domain(raw: string): string {
    let v = this.domains.get(raw);
    if (v === undefined) {
      v = this.get(domain(raw));
      if (v === raw && this.domains.size < this.cap) this.domains.set(v, v);
    }
    return v;
  }

  /** get(ipAddress(raw)), or null. */
  ip(raw: string): string | null {
    let v: string | null | undefined = this.ips.get(raw);
    if (v === undefined) {
      v = ipAddress(raw);
      if (v === null) return null;
      v = this.get(v);
      if (v === raw && this.ips.size < this.cap) this.ips.set(v, v);
    }
    return v;
  }
}
