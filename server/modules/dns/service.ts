import pLimit from 'p-limit';
import type { Author } from '../../../contract/author';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { StoredRrset } from '../../db/schema-dns';
import { AppError, type ErrorBody, forbidden, notFound } from '../../lib/errors';
import { type Actor, isAdminOf, isSupport } from '../../lib/permissions';
import { insertAuditOperation } from '../shared/audit-repo';
import { authorFor, authorsIn } from '../shared/author-names';
import {
  notConfiguredMessage,
  staleMessage,
  unavailableMessage,
  updateFailedMessage,
} from '../../../contract/dns';
import {
  createPdnsClient,
  PdnsError,
  PdnsUnavailable,
  type PdnsClient,
  type PdnsRrsetChange,
  type PdnsZone,
} from './pdns-client';
import {
  changesSince,
  findZone,
  holdsZoneName,
  type HistoryRow,
  type KnownCopy,
  knownCopy,
  type OrgScope,
  recordChangeSet,
  rewriteKnown,
  type ZoneRef,
  type ZoneRow,
} from './repo';
import {
  byKey,
  byNameType,
  diffRrsets,
  exportedRrsets,
  keyOf,
  nameTypes,
  sameRrset,
  storedRrsets,
  wireRrset,
} from './rrsets';
import { absoluteName, checkChanges, type RrsetChangeInput } from './validate';

// Zones of an organization in PowerDNS: who may see and change them, loading a zone (and noticing changes
// made in PowerDNS directly), and applying a change set with optimistic concurrency.

export type DnsActor = Actor & { email: string };

const clients = new WeakMap<object, PdnsClient>();

/** The PowerDNS client, or 503 when DNS hosting is not configured. */
export function pdnsOf(ctx: AppContext): PdnsClient {
  const settings = ctx.config.powerDns;
  if (!settings) throw new AppError(503, { detail: notConfiguredMessage, code: 'dns_not_configured' });
  let client = clients.get(settings);
  if (!client) clients.set(settings, (client = createPdnsClient(settings)));
  return client;
}

/** PowerDNS unreachable or timing out becomes 502 with a plain message; other errors pass through. */
export async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PdnsUnavailable)
      throw new AppError(502, { detail: unavailableMessage, code: 'dns_unavailable' });
    throw e;
  }
}

/** Owners and admins of the organization change its zones; support reads any (docs/DNS.md). */
export function scopeOf(actor: Actor, write: boolean): OrgScope {
  if (isSupport(actor) && !write) return 'any';
  if (actor.organizationId === null || !isAdminOf(actor, actor.organizationId)) throw forbidden();
  return actor.organizationId;
}

/** A zone by id (digits) or name (absolute or not). */
export function zoneRef(raw: string): ZoneRef | null {
  const text = raw.trim(); // path parameters arrive decoded
  if (/^\d{1,15}$/.test(text)) return { id: Number(text) };
  const name = absoluteName(text);
  return name ? { name } : null;
}

export async function zoneFor(
  db: Db,
  actor: Actor,
  raw: string,
  write: boolean,
  lock = false,
): Promise<ZoneRow> {
  const ref = zoneRef(raw);
  const scope = scopeOf(actor, write);
  return heldZone(db, scope, ref ? await findZone(db, scope, ref, lock) : undefined);
}

/**
 * The zone when its organization still holds the verified domain over it; the same 404 as a zone that does
 * not exist otherwise (docs/DNS.md "Who controls a zone"). Support reads any zone.
 */
export async function heldZone(db: Db, scope: OrgScope, zone: ZoneRow | undefined): Promise<ZoneRow> {
  if (!zone) throw notFound();
  if (scope !== 'any' && !(await holdsZoneName(db, zone.organization_id, zone.name))) throw notFound();
  return zone;
}

export function zoneSummary(z: ZoneRow, records: number) {
  return {
    id: z.id,
    name: z.name,
    kind: z.kind,
    version: z.version,
    records,
    organization: z.organization_id,
    created_at: new Date(z.created_at).toISOString(),
    updated_at: new Date(z.updated_at).toISOString(),
  };
}

/** The organization as written to PowerDNS's `account` of its zones. */
export const accountOf = (organizationId: number) => `msas-org-${organizationId}`;

/**
 * Reads the zone from PowerDNS and, when it differs from what msas last saw, records the difference as a
 * change made outside msas (audited, no user). Runs in the caller's transaction. `copy`: msas's copy when
 * the caller has read it already.
 */
export async function loadLive(ctx: AppContext, db: Db, zone: ZoneRow, copy?: KnownCopy) {
  // Both at once: PowerDNS reads its zone while the database hands over msas's copy.
  const [live, known] = await Promise.all([
    reaching(() => pdnsOf(ctx).getZone(zone.name)),
    copy ?? knownCopy(db, zone),
  ]);
  const rrsets = storedRrsets(live.rrsets);
  // The same text as stored (the usual case): nothing changed outside msas, no rrset by rrset comparison.
  const text = JSON.stringify(rrsets);
  if (text === known.text) {
    if (known.serial !== live.serial) await rewriteKnown(db, zone, live.serial);
    return { zone, live, rrsets, outsideChange: null };
  }
  const diffs = diffRrsets(JSON.parse(known.text) as StoredRrset[], rrsets);
  if (diffs.length === 0) {
    // Equal but written differently (the jsonb text of before migration 0054): store it as this version does.
    await rewriteKnown(db, zone, live.serial, text);
    return { zone, live, rrsets, outsideChange: null };
  }
  const recorded = await recordChangeSet(
    db,
    zone,
    { kind: 'outside', userId: null, diffs },
    { rrsets, serial: live.serial },
    ctx.now(),
  );
  await insertAuditOperation(db, {
    name: 'dns.outside_change',
    user_id: null,
    organization_id: zone.organization_id,
    request: { zone: zone.name, change_set: recorded.changeSetId, rrsets: diffs.map(keyOf) },
    response_status: 200,
  });
  return { zone: recorded.zone, live, rrsets, outsideChange: recorded.changeSetId };
}

/**
 * What a change set starts from. PowerDNS raises a zone's SOA serial with every change made through its API
 * (soa_edit_api) and with `pdnsutil edit-zone`, so while the serial is the one msas's copy was taken at,
 * the copy is the zone and one small request replaces reading the whole zone. Otherwise the whole zone is
 * read and what changed recorded (loadLive). A change that leaves the serial alone (an UPDATE in PowerDNS's
 * own database) is recorded by the next load of the zone instead.
 */
async function loadForChange(ctx: AppContext, db: Db, zone: ZoneRow) {
  const [meta, copy] = await Promise.all([
    reaching(() => pdnsOf(ctx).getZoneMeta(zone.name)),
    knownCopy(db, zone),
  ]);
  if (copy.serial === null || copy.serial !== meta.serial || meta.serial === 0)
    return loadLive(ctx, db, zone, copy);
  const rrsets = JSON.parse(copy.text) as StoredRrset[];
  return { zone, live: { ...meta, rrsets: [] }, rrsets, outsideChange: null };
}

export function zoneDocument(loaded: Awaited<ReturnType<typeof loadLive>>) {
  return {
    ...zoneSummary(
      loaded.zone,
      loaded.rrsets.reduce((n, r) => n + r.records.length, 0),
    ),
    account: loaded.live.account,
    serial: loaded.live.serial,
    dnssec: loaded.live.dnssec,
    rrsets: loaded.rrsets.map(wireRrset),
    outside_change: loaded.outsideChange,
  };
}

/** History rows for the wire, each with its author named as the zone's organization may see them. */
export async function historyItems(db: Db, zone: ZoneRow, rows: HistoryRow[]) {
  const authors = await authorsIn(
    db,
    zone.organization_id,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => historyItem(r, authorFor(authors, r.user_id)));
}

function historyItem(r: HistoryRow, author: Author | null) {
  const shown = (r.after ?? r.before)!;
  return {
    id: r.id,
    change_set: r.change_set_id,
    kind: r.kind,
    version: r.version,
    date: new Date(r.created_at).toISOString(),
    user: r.user_id,
    author,
    name: r.name,
    type: r.type,
    action:
      r.before === null ? ('added' as const) : r.after === null ? ('removed' as const) : ('changed' as const),
    ttl: shown.ttl,
    content: shown.records.map((x) => x.content),
    before: r.before ? wireRrset(r.before) : null,
    after: r.after ? wireRrset(r.after) : null,
  };
}

// Comments kept as they were stay stamped as they were; a new one is the caller's, stamped by PowerDNS.
function commentsFor(
  input: RrsetChangeInput['comments'],
  before: StoredRrset | undefined,
  actor: DnsActor | null,
) {
  if (input === undefined) return before?.comments ?? [];
  return input.map((c) => {
    const same = before?.comments.find((o) => o.content === c.content);
    return same ?? { content: c.content, account: actor?.email ?? 'msas' };
  });
}

// PowerDNS names the rrset (and often the record) its 422 is about: put the message on that field.
function fieldOf422(message: string, changes: PdnsRrsetChange[]): Record<string, string[]> {
  const i = changes.findIndex((c) => message.includes(c.name));
  if (i < 0) return { rrsets: [message] };
  const j = (changes[i]!.records ?? []).findIndex(
    (r) => message.includes(`'${r.content}'`) || message.includes(r.content),
  );
  return { [j < 0 ? `rrsets.${i}` : `rrsets.${i}.records.${j}.content`]: [message] };
}

export type ApplyOptions = { kind: 'edit' | 'revert'; revertsId?: number };

/**
 * Applies one change set in the caller's transaction (the zone row locked): notices outside changes first,
 * checks every rrset, refuses a stale version when another change touched the same rrsets since (409 with
 * that change), sends one PATCH of only the touched rrsets (PowerDNS applies all or none) and records
 * before and after. Returns an AppError (not thrown) when what was recorded on the way must be kept.
 * actor null: msas itself (the report domain's records), recorded without a user.
 */
export async function applyChanges(
  ctx: AppContext,
  db: Db,
  actor: DnsActor | null,
  locked: ZoneRow,
  version: number,
  inputs: RrsetChangeInput[],
  options: ApplyOptions,
) {
  const loaded = await loadForChange(ctx, db, locked);
  const zone = loaded.zone;
  const current = byKey(loaded.rrsets);
  const { changes, errors } = checkChanges(zone.name, inputs, nameTypes(loaded.rrsets));
  if (Object.keys(errors).length) return new AppError(400, errors);

  const others = version > zone.version ? [] : await changesSince(db, zone, version, changes);
  if (version > zone.version || others.length) {
    const body = {
      detail: staleMessage,
      version: zone.version,
      changes: await historyItems(db, zone, others),
    };
    return new AppError(409, body as unknown as ErrorBody);
  }

  const patch: PdnsRrsetChange[] = changes.map((c) =>
    c.changetype === 'DELETE'
      ? { name: c.name, type: c.type, changetype: 'DELETE' }
      : {
          name: c.name,
          type: c.type,
          changetype: 'REPLACE',
          ttl: c.ttl,
          records: c.records,
          comments: commentsFor(inputs[changes.indexOf(c)]?.comments, current.get(keyOf(c)), actor),
        },
  );
  try {
    await reaching(() => pdnsOf(ctx).patchZone(zone.name, patch));
  } catch (e) {
    if (e instanceof PdnsError && e.status === 422) return new AppError(400, fieldOf422(e.message, patch));
    if (e instanceof PdnsError) throw new AppError(502, { detail: updateFailedMessage, code: 'dns_refused' });
    throw e;
  }
  const touched = new Set(changes.map(keyOf));
  const { live: afterLive, rrsets: after, serial } = await readAfter(ctx, zone.name, patch, loaded);
  const afterByKey = byKey(after);
  const diffs = [...touched]
    .map((k) => ({ before: current.get(k) ?? null, after: afterByKey.get(k) ?? null, k }))
    .filter((d) => !sameRrset(d.before, d.after))
    .map((d) => {
      const r = (d.after ?? d.before)!;
      return { name: r.name, type: r.type, before: d.before, after: d.after };
    });
  const recorded = diffs.length
    ? await recordChangeSet(
        db,
        zone,
        { kind: options.kind, userId: actor?.id ?? null, revertsId: options.revertsId, diffs },
        { rrsets: after, serial },
        ctx.now(),
      )
    : { zone };
  // PowerDNS raises the serial even for a change set that changed nothing: the copy is still the zone.
  if (!diffs.length && serial !== null && serial !== loaded.live.serial) await rewriteKnown(db, zone, serial);
  // The answer is the state read right after the PATCH: no third read of a large zone.
  return zoneDocument({
    zone: recorded.zone,
    live: afterLive,
    rrsets: after,
    outsideChange: loaded.outsideChange,
  });
}

// Up to this many names a change set that keeps comments reads back only its names, one small request each
// (four at a time); more, the whole zone (one GET of 10,000 records costs as much as about 35 small ones).
const readBackNames = 10;

/**
 * The zone as PowerDNS holds it after a change set: the touched rrsets as PowerDNS stored them (it normalises
 * contents), the others as read before; `serial` is the zone's serial in that answer, null when it cannot
 * be told. A change made outside msas meanwhile to another rrset is left for the next load to record.
 * Touched rrsets without comments or disabled records are read from PowerDNS's zone file export, one
 * request a third the size of the zone's JSON; others at their names (PowerDNS 4.7's `rrset_name`, which
 * leaves disabled records out) or, past 10 names or with a disabled record, in the whole zone.
 */
async function readAfter(
  ctx: AppContext,
  zoneName: string,
  patch: PdnsRrsetChange[],
  before: { live: PdnsZone; rrsets: StoredRrset[] },
) {
  const pdns = pdnsOf(ctx);
  const touched = new Set(patch.map(keyOf));
  const others = before.rrsets.filter((r) => !touched.has(keyOf(r)));
  const merged = (fresh: StoredRrset[]) => [...others, ...fresh].sort(byNameType);
  const disabled = patch.some((c) => c.records?.some((r) => r.disabled));
  if (!disabled && patch.every((c) => !c.comments?.length)) {
    const exported = exportedRrsets(await reaching(() => pdns.exportZone(zoneName)), touched);
    return {
      live: { ...before.live, serial: exported.serial ?? 0, rrsets: [] },
      rrsets: merged(exported.rrsets),
      serial: exported.serial,
    };
  }
  const names = [...new Set(patch.map((c) => c.name))];
  if (disabled || names.length > readBackNames) {
    const live = await reaching(() => pdns.getZone(zoneName));
    return { live, rrsets: storedRrsets(live.rrsets), serial: live.serial };
  }
  const parts = await reaching(() => pLimit(4).map(names, (n) => pdns.getZoneAt(zoneName, n)));
  // PowerDNS 4.7's rrset_name filters the records but not the comments: every other commented rrset of the
  // zone comes back too, as ttl 0 with no records. Only the asked name's rrsets count.
  const asked = parts.flatMap((p, i) => p.rrsets.filter((r) => r.name === names[i]));
  const fresh = storedRrsets(asked).filter((r) => touched.has(keyOf(r)));
  const serial = parts.every((p) => p.serial === parts[0]!.serial) ? parts[0]!.serial : null;
  return { live: parts[parts.length - 1]!, rrsets: merged(fresh), serial };
}

/** The change set that undoes one: each rrset back to its state before (absent: deleted). */
export function revertInputs(
  rrsets: { name: string; type: string; before: StoredRrset | null }[],
): RrsetChangeInput[] {
  return rrsets.map((r) =>
    r.before === null
      ? { name: r.name, type: r.type, changetype: 'DELETE' }
      : {
          name: r.name,
          type: r.type,
          changetype: 'REPLACE',
          ttl: r.before.ttl,
          records: r.before.records,
          comments: r.before.comments,
        },
  );
}
