import { item, type ErrorItem } from '../../../lib/errors';
import { type Entry, type LineError, lex, type Token } from './bind-lexer';
import { absoluteName, checkContent, defaultTtl, editableTypes, messages } from '../records/validate';

// Reads a BIND master file (RFC 1035 section 5) into rrsets for one zone: $ORIGIN and $TTL, names relative
// to the origin or absolute, "@", records spread over lines in parentheses, quoted TXT strings with their
// escapes, comments. SOA is skipped (PowerDNS manages it); other types outside importTypes, other classes,
// $INCLUDE and $GENERATE are refused on their line, as are names outside the zone.

// The editor's types but NAPTR, whose replacement name this reader does not resolve.
export const importTypes: string[] = editableTypes.filter((t) => t !== 'NAPTR');
export const maxImportRecords = 10_000;
const maxErrors = 20;

export type ParsedRrset = { name: string; type: string; ttl: number; records: string[]; line: number };

// The problems, as codes of the errors catalogue (locales/<lang>/errors.json).
export const parseMessages = {
  directive: (directive: string) => item('zone_file_directive', { directive }),
  ttl: item('zone_file_ttl'),
  noOwner: item('zone_file_no_owner'),
  noType: item('zone_file_no_type'),
  klass: (klass: string) => item('zone_file_class', { klass }),
  type: (type: string) => item('zone_file_type', { type, types: importTypes.join(', ') }),
  fields: (type: string, what: Fields) => item(`zone_file_fields_${what}`, { type }),
  ttlMismatch: item('zone_file_ttl_mismatch'),
  tooMany: item('zone_file_too_many', { max: maxImportRecords }),
  quoted: item('zone_file_quoted'),
};
type Fields = 'address' | 'host' | 'mx' | 'srv' | 'caa';

const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** A TTL: seconds, or BIND's unit form (1h30m). Null when not one. */
export function parseTtl(text: string): number | null {
  if (/^\d{1,10}$/.test(text)) return Number(text) <= 2_147_483_647 ? Number(text) : null;
  const parts = [...text.toLowerCase().matchAll(/(\d{1,10})([smhdw])/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== text.toLowerCase()) return null;
  const total = parts.reduce((n, p) => n + Number(p[1]) * units[p[2]!]!, 0);
  return total <= 2_147_483_647 ? total : null;
}

const inZone = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);

/** A name of the file made absolute against the origin ("@" is the origin); null when not a host name. */
function resolve(text: string, origin: string): string | null {
  if (text === '@') return origin;
  if (text === '.') return null;
  return absoluteName(text.endsWith('.') ? text : `${text}.${origin}`);
}

// RFC 1035 section 5.1: a <character-string> written without quotes is one word; quoted it keeps its escapes.
const txtString = (t: Token) => (t.quoted ? `"${t.text}"` : `"${t.text.replace(/"/g, '\\"')}"`);

/** The record's content in PowerDNS's form, names made absolute, or an error message. */
function rdata(type: string, tokens: Token[], origin: string): { content: string } | { error: ErrorItem } {
  const words = tokens.map((t) => t.text);
  const target = (s: string) => (s === '.' ? '.' : resolve(s, origin));
  const needs = (n: number, what: Fields) =>
    tokens.length === n ? null : { error: parseMessages.fields(type, what) };
  if (type !== 'TXT' && type !== 'CAA' && tokens.some((t) => t.quoted))
    return { error: parseMessages.quoted };
  switch (type) {
    case 'A':
    case 'AAAA':
      return needs(1, 'address') ?? { content: words[0]! };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return needs(1, 'host') ?? { content: resolve(words[0]!, origin) ?? words[0]! };
    case 'MX':
      return needs(2, 'mx') ?? { content: `${words[0]} ${target(words[1]!) ?? words[1]}` };
    case 'SRV':
      return (
        needs(4, 'srv') ?? {
          content: `${words.slice(0, 3).join(' ')} ${target(words[3]!) ?? words[3]}`,
        }
      );
    case 'CAA':
      return (
        needs(3, 'caa') ?? {
          content: `${words[0]} ${words[1]} ${txtString(tokens[2]!)}`,
        }
      );
    case 'TXT':
      return tokens.length ? { content: tokens.map(txtString).join(' ') } : { error: messages.txt };
    default:
      return tokens.length ? { content: words.join(' ') } : { error: messages.content };
  }
}

type State = { origin: string; ttl: number | null; lastTtl: number | null; owner: string | null };

function directive(entry: Entry, state: State): ErrorItem | null {
  const [head, arg, ...rest] = entry.tokens.map((t) => t.text);
  const name = head!.toUpperCase();
  if (name === '$ORIGIN') {
    const origin = arg && !rest.length ? resolve(arg, state.origin) : null;
    if (!origin) return messages.name;
    state.origin = origin;
  } else if (name === '$TTL') {
    const ttl = arg && !rest.length ? parseTtl(arg) : null;
    if (ttl === null) return parseMessages.ttl;
    state.ttl = ttl;
  } else return parseMessages.directive(head!);
  return null;
}

/** One record line: its owner, TTL, type and content, or an error message. */
function record(entry: Entry, state: State, zone: string) {
  const tokens = [...entry.tokens];
  if (!entry.blankOwner) {
    const owner = resolve(tokens.shift()!.text, state.origin);
    if (!owner) return { error: messages.name };
    if (!inZone(owner, zone)) return { error: messages.outside(zone) };
    state.owner = owner;
  }
  if (!state.owner) return { error: parseMessages.noOwner };
  let ttl: number | null = null;
  // RFC 1035 section 5.1: TTL and class, each optional, in either order, before the type.
  for (let k = 0; k < 2 && tokens.length && !tokens[0]!.quoted; k++) {
    const word = tokens[0]!.text;
    const asTtl = /^\d/.test(word) ? parseTtl(word) : null;
    if (/^\d/.test(word) && asTtl === null) return { error: parseMessages.ttl };
    if (asTtl !== null) ttl = asTtl;
    else if (/^(IN|CH|CS|HS)$/i.test(word)) {
      if (word.toUpperCase() !== 'IN') return { error: parseMessages.klass(word) };
    } else break;
    tokens.shift();
  }
  const typeToken = tokens.shift();
  if (!typeToken || typeToken.quoted) return { error: parseMessages.noType };
  const type = typeToken.text.toUpperCase();
  // An omitted TTL is the last one stated (RFC 1035 section 5.1), $TTL when set (RFC 2308 section 4).
  if (ttl !== null) state.lastTtl = ttl;
  const used = ttl ?? state.ttl ?? state.lastTtl ?? defaultTtl;
  if (type === 'SOA') return { skip: true as const };
  if (!importTypes.includes(type)) return { error: parseMessages.type(typeToken.text) };
  const content = rdata(type, tokens, state.origin);
  if ('error' in content) return content;
  const checked = checkContent(type, content.content);
  if ('error' in checked) return checked;
  return { name: state.owner, type, ttl: used, content: checked.content };
}

/** The rrsets of a master file for `zone` (absolute), in file order, or the errors by line. */
export function parseZoneFile(text: string, zone: string): { rrsets: ParsedRrset[]; errors: LineError[] } {
  const { entries, errors } = lex(text);
  const state: State = { origin: zone, ttl: null, lastTtl: null, owner: null };
  const sets = new Map<string, ParsedRrset>();
  let count = 0;
  for (const entry of entries) {
    if (errors.length >= maxErrors) break;
    const fail = (message: ErrorItem) => errors.push({ line: entry.line, message });
    if (!entry.blankOwner && entry.tokens[0]!.text.startsWith('$') && !entry.tokens[0]!.quoted) {
      const problem = directive(entry, state);
      if (problem) fail(problem);
      continue;
    }
    const r = record(entry, state, zone);
    if ('error' in r) {
      fail(r.error);
      continue;
    }
    if ('skip' in r) continue;
    if (++count > maxImportRecords) {
      fail(parseMessages.tooMany);
      break;
    }
    const key = `${r.name}/${r.type}`;
    const set = sets.get(key);
    if (!set)
      sets.set(key, { name: r.name, type: r.type, ttl: r.ttl, records: [r.content], line: entry.line });
    else if (set.ttl !== r.ttl) fail(parseMessages.ttlMismatch);
    // RFC 2181 section 5: a record given twice is one record.
    else if (!set.records.includes(r.content)) set.records.push(r.content);
  }
  errors.sort((a, b) => a.line - b.line);
  return { rrsets: [...sets.values()], errors: errors.slice(0, maxErrors) };
}
