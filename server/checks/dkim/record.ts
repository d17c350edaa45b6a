// The DKIM key record (RFC 6376 §3.6.1): a tag-list (§3.2) published at <selector>._domainkey.<domain>.
// v= (optional, first when present, "DKIM1"), h= acceptable hash algorithms, k= key type (default rsa),
// n= notes, p= public key (base64; empty = revoked), s= service types (default *), t= flags (y, s).

export type DkimKeyRecord = {
  version: string | null;
  /** v= present but not the first tag: the record must be ignored (§3.6.1). */
  versionNotFirst: boolean;
  hashes: string[] | null;
  keyType: string;
  notes: string | null;
  publicKey: string | null;
  services: string[];
  flags: string[];
};

export type ParsedKeyRecord = { ok: true; record: DkimKeyRecord } | { ok: false; error: string };

// §3.2: tag-spec = [FWS] tag-name [FWS] "=" [FWS] tag-value [FWS]; tag-name = ALPHA *ALNUMPUNC.
const TAG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const list = (v: string) =>
  v
    .split(':')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function parseKeyRecord(text: string): ParsedKeyRecord {
  const tags = new Map<string, string>();
  const order: string[] = [];
  for (const raw of text.split(';')) {
    if (raw.trim() === '') continue;
    const eq = raw.indexOf('=');
    if (eq < 0) return { ok: false, error: `"${raw.trim()}" is not a tag=value pair.` };
    const name = raw.slice(0, eq).trim();
    if (!TAG_NAME.test(name)) return { ok: false, error: `"${name}" is not a valid tag name.` };
    // §3.2: a tag name occurring twice makes the whole tag-list invalid.
    if (tags.has(name)) return { ok: false, error: `The tag ${name}= occurs more than once.` };
    tags.set(name, raw.slice(eq + 1).trim());
    order.push(name);
  }
  if (!tags.has('p')) return { ok: false, error: 'The required p= tag is missing.' };
  const h = tags.get('h');
  return {
    ok: true,
    record: {
      version: tags.get('v') ?? null,
      versionNotFirst: tags.has('v') && order[0] !== 'v',
      hashes: h === undefined ? null : list(h),
      keyType: (tags.get('k') ?? 'rsa').toLowerCase(),
      notes: tags.get('n') ?? null,
      // base64 may be split by folding whitespace (§3.6.1 "p=" is base64string with FWS).
      publicKey: (tags.get('p') ?? '').replace(/\s+/g, '') || null,
      services: list(tags.get('s') ?? '*'),
      flags: list(tags.get('t') ?? ''),
    },
  };
}
