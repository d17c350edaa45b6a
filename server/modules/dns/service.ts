import type { Author } from '../../../contract/author';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { StoredRrset } from '../../db/schema-dns';
import { detailError, forbidden, notFound } from '../../lib/errors';
import { type Actor, isAdminOf, isSupport } from '../../lib/permissions';
import { insertAuditOperation } from '../shared/audit-repo';
import { authorFor, authorsIn } from '../shared/author-names';
import { createPdnsClient, PdnsUnavailable, type PdnsClient } from './pdns-client';
import {
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
import { diffRrsets, keyOf, storedRrsets, wireRrset } from './records/rrsets';
import { absoluteName, type RrsetChangeInput } from './records/validate';

// Zones of an organization in PowerDNS: who may see and change them, and loading a zone (noticing changes
// made in PowerDNS directly). Applying a change set is records/apply-changes.ts.

export type DnsActor = Actor & { email: string };

const clients = new WeakMap<object, PdnsClient>();

/** The PowerDNS client, or 503 when DNS hosting is not configured. */
export function pdnsOf(ctx: AppContext): PdnsClient {
  const settings = ctx.config.powerDns;
  if (!settings) throw detailError(503, 'dns_not_configured');
  let client = clients.get(settings);
  if (!client) clients.set(settings, (client = createPdnsClient(settings)));
  return client;
}

/** PowerDNS unreachable or timing out becomes 502 with a plain message; other errors pass through. */
export async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PdnsUnavailable) throw detailError(502, 'dns_unavailable');
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
