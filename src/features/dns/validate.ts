import { editableTypes } from '../../../contract/dns';

// The records editor's checks before anything is sent, so most mistakes show on their field at once. The
// server checks again (server/modules/dns/records/validate.ts) and PowerDNS has the last word; their messages come
// back on the same fields. Problems are i18n keys of the `dns` namespace ("validation.*") with values.

export type Problem = { key: string; values?: Record<string, string> };

export { editableTypes };

const label = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A host name made absolute and lower case ("www.example.com."), or null when it is not one. */
export function absoluteName(raw: string): string | null {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!name || name.length > 253) return null;
  const ok = name.split('.').every((l, i) => label.test(l) || (i === 0 && l === '*'));
  return ok ? `${name}.` : null;
}

/**
 * The name the user typed, inside the zone: "@" is the apex, a name ending in a dot is absolute, any other
 * is relative to the zone ("www" → "www.example.com.").
 */
export function nameInZone(raw: string, zone: string): { name: string } | { problem: Problem } {
  const typed = raw.trim().toLowerCase();
  if (typed === '' || typed === '@') return { name: zone };
  const candidate = typed.endsWith('.') ? typed : `${typed}.${zone}`;
  const name = absoluteName(candidate);
  if (!name) return { problem: { key: 'validation.name' } };
  if (name !== zone && !name.endsWith(`.${zone}`))
    return { problem: { key: 'validation.outside', values: { zone } } };
  return { name };
}

/** The name as the editor shows it: "@" for the apex, relative inside the zone. */
export function relativeName(name: string, zone: string): string {
  if (name === zone) return '@';
  return name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : name;
}

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ipv4 = new RegExp(`^${octet}(?:\\.${octet}){3}$`);

export const isIPv4 = (s: string) => ipv4.test(s);

/** The URL parser knows IPv6 literals (RFC 4291 section 2.2 forms, embedded IPv4 included). */
export function isIPv6(s: string): boolean {
  if (!s.includes(':') || !/^[0-9a-fA-F:.]+$/.test(s)) return false;
  try {
    new URL(`http://[${s}]/`);
    return true;
  } catch {
    return false;
  }
}

const u16 = (s: string | undefined) => s !== undefined && /^\d{1,5}$/.test(s) && Number(s) <= 65535;
const isTarget = (s: string | undefined) => s !== undefined && (s === '.' || absoluteName(s) !== null);
const quoted = '"(?:[^"\\\\]|\\\\.)*"';
const txtShape = new RegExp(`^${quoted}(?:\\s+${quoted})*$`);
const encoder = new TextEncoder();

// A <character-string> is at most 255 octets (RFC 1035 section 3.3); TXT is one or more (3.3.14).
function validTxt(content: string): boolean {
  if (!txtShape.test(content)) return false;
  for (const m of content.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    const octets = m[1]!.replace(/\\(\d{3}|.)/g, 'x');
    if (encoder.encode(octets).length > 255) return false;
  }
  return true;
}

const hasControl = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/** The problem with one record's content for its type, or null. Types not listed go to the server as typed. */
export function contentProblem(type: string, raw: string): Problem | null {
  const content = raw.trim();
  if (!content || hasControl(content) || content.length > 4096) return { key: 'validation.content' };
  const parts = content.split(/\s+/);
  switch (type) {
    case 'A':
      return isIPv4(content) ? null : { key: 'validation.ipv4' };
    case 'AAAA':
      return isIPv6(content) ? null : { key: 'validation.ipv6' };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return absoluteName(content) ? null : { key: 'validation.host' };
    case 'MX': // RFC 7505's null MX is "0 ."
      return parts.length === 2 && u16(parts[0]) && isTarget(parts[1]) ? null : { key: 'validation.mx' };
    case 'SRV': // RFC 2782: priority weight port target
      return parts.length === 4 && parts.slice(0, 3).every(u16) && isTarget(parts[3])
        ? null
        : { key: 'validation.srv' };
    case 'CAA': {
      // RFC 8659 section 4.1: flags 0-255, an alphanumeric tag, a quoted value.
      const m = new RegExp(`^(\\d{1,3})\\s+[a-zA-Z0-9]+\\s+${quoted}$`).exec(content);
      return m && Number(m[1]) <= 255 ? null : { key: 'validation.caa' };
    }
    case 'TXT':
      return validTxt(content) ? null : { key: 'validation.txt' };
    default:
      return null;
  }
}

export function ttlProblem(raw: string): Problem | null {
  return /^\d{1,10}$/.test(raw.trim()) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647
    ? null
    : { key: 'validation.ttl' };
}

/**
 * A CNAME must be alone at its name (RFC 1034 section 3.6.2), hold one record and not sit at the apex
 * beside the SOA and NS. `typesAtName` are the other types at the name once every edit is applied.
 */
export function cnameProblem(
  name: string,
  zone: string,
  type: string,
  recordCount: number,
  typesAtName: string[],
): Problem | null {
  if (type === 'CNAME') {
    if (name === zone) return { key: 'validation.cnameApex' };
    if (recordCount > 1) return { key: 'validation.cnameOne' };
  }
  const others = typesAtName.filter((t) => t !== type);
  if ((type === 'CNAME' && others.length > 0) || (type !== 'CNAME' && others.includes('CNAME')))
    return { key: 'validation.cnameAlone' };
  return null;
}
