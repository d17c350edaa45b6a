import type { StoredRrset } from '../../../db/schema-dns';
import type { PdnsRrset } from '../pdns-client';
import type { NameTypes } from './validate';

// rrsets as msas keeps, compares and shows them. SOA is never kept or shown (spec section 5): its serial
// moves with every change, and PowerDNS manages it (soa_edit_api).

export const keyOf = (r: { name: string; type: string }) => `${r.name}/${r.type}`;

const byContent = (a: { content: string }, b: { content: string }) => a.content.localeCompare(b.content);

/** PowerDNS's rrsets without SOA, in a stable order (name, type; records by content) so equal sets compare equal. */
export function storedRrsets(rrsets: PdnsRrset[]): StoredRrset[] {
  return rrsets
    .filter((r) => r.type !== 'SOA')
    .map((r) => ({
      name: r.name,
      type: r.type,
      ttl: r.ttl,
      records: r.records.map((x) => ({ content: x.content, disabled: x.disabled })).sort(byContent),
      comments: r.comments.map((c) => ({
        content: c.content,
        account: c.account,
        modified_at: c.modified_at,
      })),
    }))
    .sort(byNameType);
}

/** The order msas keeps and shows rrsets in. */
export const byNameType = (a: { name: string; type: string }, b: { name: string; type: string }) =>
  a.name.localeCompare(b.name) || a.type.localeCompare(b.type);

export const byKey = (rrsets: StoredRrset[]) => new Map(rrsets.map((r) => [keyOf(r), r]));

// Compared field by field: rrsets read back from jsonb come with their keys reordered. Records and comments
// are in the order storedRrsets gives them. Called for every rrset of a zone on each load, so no
// serialisation.
export function sameRrset(a: StoredRrset | null | undefined, b: StoredRrset | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  if (a.name !== b.name || a.type !== b.type || a.ttl !== b.ttl) return false;
  if (a.records.length !== b.records.length || a.comments.length !== b.comments.length) return false;
  for (let i = 0; i < a.records.length; i++) {
    const x = a.records[i]!;
    const y = b.records[i]!;
    if (x.content !== y.content || x.disabled !== y.disabled) return false;
  }
  for (let i = 0; i < a.comments.length; i++) {
    const x = a.comments[i]!;
    const y = b.comments[i]!;
    if (
      x.content !== y.content ||
      x.account !== y.account ||
      (x.modified_at ?? null) !== (y.modified_at ?? null)
    )
      return false;
  }
  return true;
}

export type RrsetDiff = { name: string; type: string; before: StoredRrset | null; after: StoredRrset | null };

/** What differs between two states of a zone, per rrset, in the order of their keys. */
export function diffRrsets(before: StoredRrset[], after: StoredRrset[]): RrsetDiff[] {
  const b = byKey(before);
  const a = byKey(after);
  // Only the differing keys are sorted: a zone has thousands of rrsets, a change a few.
  const keys = [...a.keys()].filter((k) => !sameRrset(b.get(k), a.get(k)));
  for (const k of b.keys()) if (!a.has(k)) keys.push(k);
  return keys.sort().map((k) => {
    const r = (a.get(k) ?? b.get(k))!;
    return { name: r.name, type: r.type, before: b.get(k) ?? null, after: a.get(k) ?? null };
  });
}

export function nameTypes(rrsets: StoredRrset[]): NameTypes {
  const map: NameTypes = new Map();
  for (const r of rrsets) map.set(r.name, (map.get(r.name) ?? new Set()).add(r.type));
  return map;
}

/** Comment dates as the spec writes them: YYYY-MM-DDTHH:mm:ss (UTC). PowerDNS keeps epoch seconds. */
export const commentDate = (epochSeconds: number | undefined) =>
  epochSeconds === undefined ? null : new Date(epochSeconds * 1000).toISOString().slice(0, 19);

export function wireRrset(r: StoredRrset) {
  return {
    name: r.name,
    type: r.type,
    ttl: r.ttl,
    records: r.records,
    comments: r.comments.map((c) => ({
      content: c.content,
      account: c.account,
      modified_at: commentDate(c.modified_at),
    })),
  };
}

/**
 * The rrsets of `keys` in a zone as PowerDNS's `/export` writes it (one record a line: name, TTL, class,
 * type, content, tab-separated, contents exactly as its JSON API gives them), and the serial of its SOA.
 * The export leaves out disabled records and comments: callers use it only for rrsets that have neither.
 */
export function exportedRrsets(
  text: string,
  keys: Set<string>,
): { rrsets: StoredRrset[]; serial: number | null } {
  const found = new Map<string, StoredRrset>();
  let serial: number | null = null;
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const [name, ttl, , type, content] = line.split('\t') as [string, string, string, string, string];
    if (type === 'SOA') serial = Number(content.split(' ')[2]);
    const key = `${name}/${type}`;
    if (!keys.has(key)) continue;
    const r = found.get(key) ?? { name, type, ttl: Number(ttl), records: [], comments: [] };
    r.records.push({ content, disabled: false });
    found.set(key, r);
  }
  for (const r of found.values()) r.records.sort(byContent);
  return { rrsets: [...found.values()], serial: Number.isSafeInteger(serial) ? serial : null };
}
