import { isIPv4, isIPv6 } from 'node:net';
import { editableTypes } from '../../../../contract/dns';
import { item, type ErrorItem } from '../../../lib/errors';

// Checks a change set before it goes to PowerDNS, so most mistakes come back on their field with a plain
// message instead of PowerDNS's parser text. PowerDNS still has the last word (its 422 is mapped too).

export const defaultTtl = 3600; // spec section 9
export { editableTypes };

export type RecordInput = { content: string; disabled?: boolean };
export type CommentInput = { content: string; account?: string };
export type RrsetChangeInput = {
  name: string;
  type: string;
  ttl?: number;
  changetype: 'REPLACE' | 'DELETE';
  records?: RecordInput[];
  comments?: CommentInput[];
};
export type CheckedChange = {
  name: string;
  type: string;
  changetype: 'REPLACE' | 'DELETE';
  ttl: number;
  records: { content: string; disabled: boolean }[];
  comments: CommentInput[];
};
/** What exists at a name now: its types (SOA excluded). */
export type NameTypes = Map<string, Set<string>>;

// The problems, as codes of the errors catalogue (locales/<lang>/errors.json).
export const messages = {
  outside: (zone: string) => item('record_outside_zone', { zone }),
  name: item('record_name'),
  soa: item('record_soa'),
  type: item('record_type_choice', { types: editableTypes.join(', ') }),
  twice: item('record_twice'),
  empty: item('record_empty'),
  ipv4: item('record_ipv4'),
  ipv6: item('record_ipv6'),
  host: item('record_host'),
  mx: item('record_mx'),
  srv: item('record_srv'),
  caa: item('record_caa'),
  txt: item('record_txt'),
  content: item('record_content'),
  cnameAlone: item('record_cname_alone'),
  cnameOne: item('record_cname_one'),
  cnameApex: item('record_cname_apex'),
  sameContent: item('record_same_content'),
};

const label = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)$/;

/** A host name made absolute and lower case, or null when it is not one. */
export function absoluteName(raw: string): string | null {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!name || name.length > 253) return null;
  const labels = name.split('.');
  const ok = labels.every((l, i) => label.test(l) || (i === 0 && l === '*'));
  return ok ? `${name}.` : null;
}

const hasControl = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const inZone = (name: string, zone: string) => name === zone || name.endsWith(`.${zone}`);
const u16 = (s: string) => /^\d{1,5}$/.test(s) && Number(s) <= 65535;
const target = (s: string) => (s === '.' ? '.' : absoluteName(s));

// A <character-string> is at most 255 octets (RFC 1035 section 3.3); TXT is one or more of them (3.3.14).
const quotedString = /"((?:[^"\\]|\\.)*)"/g;
function validTxt(content: string): boolean {
  if (!/^"(?:[^"\\]|\\.)*"(?:\s+"(?:[^"\\]|\\.)*")*$/.test(content)) return false;
  for (const m of content.matchAll(quotedString)) {
    const unescaped = m[1]!.replace(/\\(\d{3}|.)/g, 'x');
    if (Buffer.byteLength(unescaped) > 255) return false;
  }
  return true;
}

/** The content in PowerDNS's form (absolute targets), or its problem. */
export function checkContent(type: string, raw: string): { content: string } | { error: ErrorItem } {
  const content = raw.trim();
  const fail = (error: ErrorItem) => ({ error });
  if (!content || hasControl(content) || content.length > 4096) return fail(messages.content);
  switch (type) {
    case 'A':
      return isIPv4(content) ? { content } : fail(messages.ipv4);
    case 'AAAA':
      return isIPv6(content) ? { content: content.toLowerCase() } : fail(messages.ipv6);
    case 'CNAME':
    case 'NS':
    case 'PTR': {
      const host = absoluteName(content);
      return host ? { content: host } : fail(messages.host);
    }
    case 'MX': {
      const [pref, host, ...rest] = content.split(/\s+/);
      const t = host ? target(host) : null;
      return rest.length === 0 && pref && u16(pref) && t
        ? { content: `${Number(pref)} ${t}` }
        : fail(messages.mx);
    }
    case 'SRV': {
      const parts = content.split(/\s+/);
      const t = parts.length === 4 ? target(parts[3]!) : null;
      return t && parts.slice(0, 3).every(u16)
        ? { content: `${parts.slice(0, 3).map(Number).join(' ')} ${t}` }
        : fail(messages.srv);
    }
    case 'CAA': {
      // RFC 8659 section 4.1: flags 0-255, an alphanumeric tag, a quoted value.
      const m = /^(\d{1,3})\s+([a-zA-Z0-9]+)\s+("(?:[^"\\]|\\.)*")$/.exec(content);
      return m && Number(m[1]) <= 255
        ? { content: `${Number(m[1])} ${m[2]!.toLowerCase()} ${m[3]}` }
        : fail(messages.caa);
    }
    case 'TXT':
      return validTxt(content) ? { content } : fail(messages.txt);
    default:
      return { content };
  }
}

/**
 * Checks every rrset of a change set against the zone and what is at each name now. Field keys follow the
 * body: rrsets.<i>.name, rrsets.<i>.records.<j>.content.
 */
export function checkChanges(
  zone: string,
  changes: RrsetChangeInput[],
  current: NameTypes,
): { changes: CheckedChange[]; errors: Record<string, ErrorItem[]> } {
  const errors: Record<string, ErrorItem[]> = {};
  const add = (key: string, message: ErrorItem) => (errors[key] ??= []).push(message);
  const out: CheckedChange[] = [];
  const seen = new Set<string>();
  // The touched names' types after the change set; the others stay as they are (a zone has thousands).
  const after: NameTypes = new Map();

  changes.forEach((c, i) => {
    const key = `rrsets.${i}`;
    const type = c.type.trim().toUpperCase();
    const name = absoluteName(c.name.trim().toLowerCase() === '@' ? zone : c.name);
    if (!name) add(`${key}.name`, messages.name);
    else if (!inZone(name, zone)) add(`${key}.name`, messages.outside(zone));
    if (type === 'SOA') add(`${key}.type`, messages.soa);
    else if (!(editableTypes as readonly string[]).includes(type)) add(`${key}.type`, messages.type);
    if (!name || errors[`${key}.name`] || errors[`${key}.type`]) return;
    if (seen.has(`${name}/${type}`)) return add(`${key}.name`, messages.twice);
    seen.add(`${name}/${type}`);

    const records: CheckedChange['records'] = [];
    if (c.changetype === 'REPLACE') {
      if (!c.records?.length) add(`${key}.records`, messages.empty);
      const contents = new Set<string>();
      (c.records ?? []).forEach((r, j) => {
        const checked = checkContent(type, r.content);
        if ('error' in checked) return add(`${key}.records.${j}.content`, checked.error);
        if (contents.has(checked.content)) return add(`${key}.records.${j}.content`, messages.sameContent);
        contents.add(checked.content);
        records.push({ content: checked.content, disabled: r.disabled ?? false });
      });
      if (type === 'CNAME' && (c.records?.length ?? 0) > 1) add(`${key}.records`, messages.cnameOne);
      if (type === 'CNAME' && name === zone) add(`${key}.type`, messages.cnameApex);
    }
    const types = after.get(name) ?? new Set<string>(current.get(name));
    if (c.changetype === 'REPLACE') types.add(type);
    else types.delete(type);
    after.set(name, types);
    out.push({
      name,
      type,
      changetype: c.changetype,
      ttl: c.ttl ?? defaultTtl,
      records,
      comments: c.comments ?? [],
    });
  });

  // CNAME alone at its name, judged on the state after the whole change set.
  out.forEach((c, i) => {
    const types = after.get(c.name);
    if (types?.has('CNAME') && types.size > 1 && c.changetype === 'REPLACE')
      add(`rrsets.${i}.type`, messages.cnameAlone);
  });
  return { changes: out, errors };
}
