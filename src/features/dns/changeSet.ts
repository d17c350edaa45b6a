import { fieldMessages } from '../../api/errors';
import type { Rrset, RrsetChange, ZonePatch } from './dnsApi';

// The records editor's state: the zone as loaded, plus the user's edits keyed by rrset (name/type). An edit
// is the rrset as it should be after applying, or null to delete it. Only the edited rrsets that differ
// from what was loaded are sent (spec section 5), in one PATCH with the zone's version (docs/DNS.md).

export type Edits = Record<string, Rrset | null>;
export type Action = 'added' | 'changed' | 'removed';
export type Change = { key: string; action: Action; before: Rrset | null; after: Rrset | null };
export type Row = { key: string; rrset: Rrset; state: Action | 'same' };

export const keyOf = (r: { name: string; type: string }) => `${r.name}/${r.type}`;

const recordsKey = (r: Rrset) =>
  r.records
    .map((x) => `${x.content}\u0000${x.disabled}`)
    .sort()
    .join('\u0001');
const commentsKey = (r: Rrset) => r.comments.map((c) => c.content).join('\u0001');

export function sameRrset(a: Rrset, b: Rrset): boolean {
  return a.ttl === b.ttl && recordsKey(a) === recordsKey(b) && commentsKey(a) === commentsKey(b);
}

/** Names read from the apex down ("b.example." after "example." and "a.example."), types alphabetically. */
export function compareRrsets(a: { name: string; type: string }, b: { name: string; type: string }) {
  const ra = a.name.split('.').reverse().join('.');
  const rb = b.name.split('.').reverse().join('.');
  return ra < rb ? -1 : ra > rb ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0;
}

/** What the user changed, one entry per touched rrset; edits that put back what was loaded drop out. */
export function changesOf(loaded: Rrset[], edits: Edits): Change[] {
  const byKey = new Map(loaded.map((r) => [keyOf(r), r]));
  const out: Change[] = [];
  for (const [key, after] of Object.entries(edits)) {
    const before = byKey.get(key) ?? null;
    if (!before && !after) continue;
    if (before && after && sameRrset(before, after)) continue;
    out.push({ key, action: !before ? 'added' : !after ? 'removed' : 'changed', before, after });
  }
  return out.sort((a, b) => compareRrsets((a.after ?? a.before)!, (b.after ?? b.before)!));
}

/** The zone as the editor shows it: loaded rrsets with the edits laid over, removed ones kept and marked. */
export function rowsOf(loaded: Rrset[], edits: Edits): Row[] {
  const changes = new Map(changesOf(loaded, edits).map((c) => [c.key, c]));
  const rows: Row[] = loaded.map((r) => {
    const c = changes.get(keyOf(r));
    return { key: keyOf(r), rrset: c?.after ?? r, state: c ? c.action : 'same' };
  });
  for (const c of changes.values())
    if (c.action === 'added') rows.push({ key: c.key, rrset: c.after!, state: 'added' });
  return rows.sort((a, b) => compareRrsets(a.rrset, b.rrset));
}

/** The types at each name once the edits are applied (for the CNAME rule). */
export function typesByName(loaded: Rrset[], edits: Edits): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const row of rowsOf(loaded, edits)) {
    if (row.state === 'removed') continue;
    out.set(row.rrset.name, [...(out.get(row.rrset.name) ?? []), row.rrset.type]);
  }
  return out;
}

function toChange(c: Change): RrsetChange {
  const r = (c.after ?? c.before)!;
  if (!c.after) return { name: r.name, type: r.type, changetype: 'DELETE' };
  return {
    name: r.name,
    type: r.type,
    ttl: r.ttl,
    changetype: 'REPLACE',
    records: r.records.map((x) => ({ content: x.content, disabled: x.disabled })),
    // A comment sent back as it was keeps its author and date; a new one is stamped by the server.
    comments: r.comments.map((x) =>
      x.modifiedAt
        ? { content: x.content, account: x.account, modified_at: x.modifiedAt }
        : { content: x.content },
    ),
  };
}

export function patchOf(version: number, changes: Change[]): ZonePatch {
  return { version, rrsets: changes.map(toChange) };
}

/**
 * A 400's field messages ("rrsets.<i>.records.<j>.content": [...]) put back on the rrset they name, by the
 * order the change set was sent in, in the reader's language (their codes); `record` is the record's index
 * when the message names one.
 */
export function problemsByRrset(
  body: Record<string, unknown> | null,
  changes: Change[],
): Record<string, { message: string; record: number | null }[]> {
  const out: Record<string, { message: string; record: number | null }[]> = {};
  for (const field of Object.keys(body ?? {})) {
    const m = /^rrsets\.(\d+)(?:\.records\.(\d+))?/.exec(field);
    const change = m ? changes[Number(m[1])] : undefined;
    if (!change) continue;
    for (const message of fieldMessages(body, field))
      (out[change.key] ??= []).push({ message, record: m![2] === undefined ? null : Number(m![2]) });
  }
  return out;
}
