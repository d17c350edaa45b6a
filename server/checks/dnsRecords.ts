import type { DnsRecord } from './dnsTypes';

// Turns dns-packet's decoded answers (loosely typed) into DnsRecord values.

type Raw = { type?: unknown; name?: unknown; ttl?: unknown; data?: unknown };
type Obj = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const hex = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : '');
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const stripDot = (n: string) => (n.length > 1 && n.endsWith('.') ? n.slice(0, -1) : n);

function txtChunks(data: unknown): string[] {
  const list = Array.isArray(data) ? data : [data];
  return list.map((c) => (Buffer.isBuffer(c) ? c.toString('utf8') : String(c ?? '')));
}

export function toDnsRecord(raw: Raw): DnsRecord | null {
  const type = str(raw.type);
  const base = { name: stripDot(str(raw.name)), ttl: num(raw.ttl) };
  const d = raw.data;
  const o = obj(d);
  switch (type) {
    case 'A':
    case 'AAAA':
      return { ...base, type, address: str(d) };
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return { ...base, type, target: stripDot(str(d)) };
    case 'TXT':
    case 'SPF': {
      // dns-packet only decodes TXT; the SPF RR (type 99) has the same wire format (RFC 4408 §3.1.1).
      const chunks = type === 'SPF' && Buffer.isBuffer(d) ? decodeCharacterStrings(d) : txtChunks(d);
      return { ...base, type, chunks, text: chunks.join('') };
    }
    case 'MX':
      return { ...base, type, preference: num(o.preference), exchange: stripDot(str(o.exchange)) };
    case 'SOA':
      return {
        ...base,
        type,
        mname: str(o.mname),
        rname: str(o.rname),
        serial: num(o.serial),
        refresh: num(o.refresh),
        retry: num(o.retry),
        expire: num(o.expire),
        minimum: num(o.minimum),
      };
    case 'TLSA':
      return {
        ...base,
        type,
        usage: num(o.usage),
        selector: num(o.selector),
        matchingType: num(o.matchingType),
        data: hex(o.certificate),
      };
    case 'CAA':
      return { ...base, type, flags: num(o.flags), tag: str(o.tag), value: str(o.value) };
    case 'DS':
      return {
        ...base,
        type,
        keyTag: num(o.keyTag),
        algorithm: num(o.algorithm),
        digestType: num(o.digestType),
        digest: hex(o.digest),
      };
    case 'DNSKEY':
      return { ...base, type, flags: num(o.flags), algorithm: num(o.algorithm), key: hex(o.key) };
    case 'RRSIG':
      return {
        ...base,
        type,
        typeCovered: str(o.typeCovered),
        algorithm: num(o.algorithm),
        signersName: str(o.signersName),
        keyTag: num(o.keyTag),
      };
    case 'OPT':
      return null;
    default:
      return { ...base, type: 'UNKNOWN', rrtype: type, data: hex(d) };
  }
}

/** RFC 1035 §3.3: <character-string> is a length octet followed by that many octets. */
export function decodeCharacterStrings(buf: Buffer): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < buf.length) {
    const len = buf[i];
    out.push(buf.subarray(i + 1, i + 1 + len).toString('utf8'));
    i += 1 + len;
  }
  return out;
}

/** The inverse, for servers: each chunk as one character-string (at most 255 octets each). */
export function encodeCharacterStrings(chunks: (string | Buffer)[]): Buffer {
  const parts = chunks.flatMap((c) => {
    const b = Buffer.isBuffer(c) ? c : Buffer.from(c, 'utf8');
    if (b.length > 255) throw new Error('character-string longer than 255 octets');
    return [Buffer.from([b.length]), b];
  });
  return Buffer.concat(parts);
}
