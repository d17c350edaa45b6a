import pLimit from 'p-limit';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import type { StoredRrset } from '../../../db/schema-dns';
import { AppError, badRequest, detailBody, detailError, type ErrorItem, item } from '../../../lib/errors';
import { PdnsError, type PdnsRrsetChange, type PdnsZone } from '../pdns-client';
import { changesSince, knownCopy, recordChangeSet, rewriteKnown, type ZoneRow } from '../repo';
import { byKey, byNameType, exportedRrsets, keyOf, nameTypes, sameRrset, storedRrsets } from './rrsets';
import { type DnsActor, historyItems, loadLive, pdnsOf, reaching, zoneDocument } from '../service';
import { checkChanges, type RrsetChangeInput } from './validate';

// Applying a change set to a zone: what it starts from, the checks, the one PATCH to PowerDNS and what is
// read back and recorded.

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
// PowerDNS's own words go as they came (dns_server_message).
function fieldOf422(message: string, changes: PdnsRrsetChange[]): Record<string, ErrorItem[]> {
  const said = [item('dns_server_message', { message })];
  const i = changes.findIndex((c) => message.includes(c.name));
  if (i < 0) return { rrsets: said };
  const j = (changes[i]!.records ?? []).findIndex(
    (r) => message.includes(`'${r.content}'`) || message.includes(r.content),
  );
  return { [j < 0 ? `rrsets.${i}` : `rrsets.${i}.records.${j}.content`]: said };
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
  if (Object.keys(errors).length) return badRequest(errors);

  const others = version > zone.version ? [] : await changesSince(db, zone, version, changes);
  if (version > zone.version || others.length) {
    const body = {
      ...detailBody('dns_stale'),
      version: zone.version,
      changes: await historyItems(db, zone, others),
    };
    return new AppError(409, body);
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
    if (e instanceof PdnsError && e.status === 422) return badRequest(fieldOf422(e.message, patch));
    if (e instanceof PdnsError) throw detailError(502, 'dns_refused');
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
