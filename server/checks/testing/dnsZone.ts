import { encodeCharacterStrings } from '../dnsRecords';

// The data side of the loopback DNS server: records given as plain data, programmable failures, and the
// answer to one question (CNAME chains followed inside the data, NXDOMAIN vs NODATA told apart).

/**
 * One record. `data` by type: A/AAAA an address; CNAME/NS/PTR a name; TXT/SPF a string (split into
 * 255-octet character-strings) or a list of character-strings (string or Buffer, kept apart);
 * MX { preference, exchange }; any other type the rdata object dns-packet encodes for it.
 */
export type ZoneRecord = { name: string; type: string; data: unknown; ttl?: number };

export type ZoneAction = 'timeout' | 'servfail' | 'nxdomain' | 'nodata' | 'refused';

/** Overrides the data for a name ('*' for every name) and some or all types. */
export type ZoneRule = {
  name: string;
  type?: string | string[];
  action: ZoneAction;
  /** Extended DNS Error (RFC 8914) to attach, e.g. { code: 6, text: 'DNSSEC Bogus' }. */
  ede?: { code: number; text?: string };
};

export type ZoneReply =
  | { kind: 'timeout' }
  | {
      kind: 'reply';
      rcode: 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL' | 'REFUSED';
      answers: unknown[];
      ede?: { code: number; text?: string };
    };

const key = (name: string) => name.replace(/\.$/, '').toLowerCase();
const MAX_CHAIN = 12;

export class Zone {
  private byName = new Map<string, ZoneRecord[]>();
  private rules: ZoneRule[] = [];

  constructor(records: ZoneRecord[] = [], rules: ZoneRule[] = []) {
    this.setRecords(records);
    this.setRules(rules);
  }

  setRecords(records: ZoneRecord[]) {
    this.byName = new Map();
    for (const r of records) {
      const list = this.byName.get(key(r.name)) ?? [];
      list.push(r);
      this.byName.set(key(r.name), list);
    }
  }

  setRules(rules: ZoneRule[]) {
    this.rules = [...rules];
  }

  /** A name exists when it owns records or has descendants (an empty non-terminal, RFC 8020). */
  exists(name: string): boolean {
    const k = key(name);
    if (this.byName.has(k)) return true;
    for (const other of this.byName.keys()) if (other.endsWith(`.${k}`)) return true;
    return false;
  }

  answer(qname: string, qtype: string): ZoneReply {
    const rule = this.rules.find((r) => ruleMatches(r, qname, qtype));
    if (rule) {
      switch (rule.action) {
        case 'timeout':
          return { kind: 'timeout' };
        case 'servfail':
          return { kind: 'reply', rcode: 'SERVFAIL', answers: [], ede: rule.ede };
        case 'refused':
          return { kind: 'reply', rcode: 'REFUSED', answers: [], ede: rule.ede };
        case 'nxdomain':
          return { kind: 'reply', rcode: 'NXDOMAIN', answers: [] };
        case 'nodata':
          return { kind: 'reply', rcode: 'NOERROR', answers: [] };
      }
    }
    const answers: unknown[] = [];
    const seen = new Set<string>();
    let owner = qname.replace(/\.$/, '');
    for (let i = 0; i < MAX_CHAIN; i++) {
      seen.add(key(owner));
      const here = this.byName.get(key(owner)) ?? [];
      const cname = qtype !== 'CNAME' ? here.find((r) => r.type === 'CNAME') : undefined;
      if (cname) {
        answers.push(toWire(owner, cname));
        const target = String(cname.data).replace(/\.$/, '');
        if (seen.has(key(target))) break; // a CNAME loop: give what we have, as an authority would
        owner = target;
        continue;
      }
      for (const r of here) if (r.type === qtype) answers.push(toWire(owner, r));
      break;
    }
    const rcode = answers.length === 0 && !this.exists(owner) ? 'NXDOMAIN' : 'NOERROR';
    return { kind: 'reply', rcode, answers };
  }
}

function ruleMatches(rule: ZoneRule, name: string, type: string): boolean {
  if (rule.name !== '*' && key(rule.name) !== key(name)) return false;
  if (rule.type === undefined) return true;
  return Array.isArray(rule.type) ? rule.type.includes(type) : rule.type === type;
}

function toWire(owner: string, r: ZoneRecord) {
  const base = { name: owner, type: r.type, ttl: r.ttl ?? 300, class: 'IN' };
  switch (r.type) {
    case 'TXT':
      return { ...base, data: chunksOf(r.data) };
    case 'SPF':
      // dns-packet has no encoder for type 99; it takes the raw rdata, which is TXT's wire format.
      return { ...base, data: encodeCharacterStrings(chunksOf(r.data)) };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { ...base, data: String(r.data).replace(/\.$/, '') };
    default:
      return { ...base, data: r.data };
  }
}

function chunksOf(data: unknown): (string | Buffer)[] {
  if (Array.isArray(data)) return data as (string | Buffer)[];
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(String(data), 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += 255) out.push(buf.subarray(i, i + 255));
  return out.length ? out : [Buffer.alloc(0)];
}
