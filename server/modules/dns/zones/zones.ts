import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { detailError, fieldError } from '../../../lib/errors';
import { type PdnsClient, PdnsError } from '../pdns-client';
import { overPlanLimit } from '../../shared/plan-limits';
import {
  countZones,
  deleteZoneRow,
  holdsZoneName,
  insertZone,
  recordChangeSet,
  zoneNameTaken,
  zonesElsewhere,
  type ZoneRow,
} from '../repo';
import { diffRrsets, storedRrsets } from '../records/rrsets';
import {
  accountOf,
  type DnsActor,
  loadLive,
  pdnsOf,
  reaching,
  scopeOf,
  zoneDocument,
  zoneFor,
} from '../service';
import { absoluteName } from '../records/validate';

// Creating and deleting zones: PowerDNS and msas's row change together, or neither does. A zone left behind
// by its domain's old holder is taken over (records kept) or replaced by the domain's verified holder
// (docs/DNS.md "Who controls a zone").

export async function createZone(
  ctx: AppContext,
  db: Db,
  actor: DnsActor,
  body: {
    name: string;
    kind: 'Native' | 'Master';
    nameservers?: string[];
    existing?: 'take_over' | 'replace';
  },
) {
  const organizationId = scopeOf(actor, true) as number;
  const name = absoluteName(body.name);
  if (!name || !name.slice(0, -1).includes('.') || name.startsWith('*'))
    throw fieldError('name', 'domain_invalid');
  if (!(await holdsZoneName(db, organizationId, name))) throw fieldError('name', 'zone_not_verified');
  const nameservers = (
    body.nameservers?.length ? body.nameservers : (ctx.config.powerDns?.nameservers ?? [])
  ).map(absoluteName);
  if (nameservers.some((n) => n === null)) throw fieldError('nameservers', 'nameserver_invalid');
  const pdns = pdnsOf(ctx);
  // The row first: a second create of the name in this organization stops on its unique key.
  if (await zoneNameTaken(db, organizationId, name)) throw fieldError('name', 'zone_name_taken');
  const left = await zonesElsewhere(db, organizationId, name);
  // Another organization holding a verified parent of the name still controls its zone: the answer of any
  // name not verified here, nothing said about whose zone it is.
  for (const old of left)
    if (await holdsZoneName(db, old.organization_id, name)) throw fieldError('name', 'zone_not_verified');
  const hosted = left.length > 0 || (await leftInPdnsOnly(db, pdns, organizationId, name));
  if (hosted && !body.existing) throw detailError(409, 'zone_hosted');
  const over = await overPlanLimit(
    db,
    organizationId,
    'dns_zones',
    () => countZones(db, organizationId),
    'name',
  );
  if (over) throw over;
  const row = await insertZone(db, organizationId, name, body.kind);
  // The old rows go (their history with them; the old organization's audit log keeps the loss).
  for (const old of left) await deleteZoneRow(db, old);
  if (hosted && body.existing === 'take_over') {
    const taken = await takeOver(ctx, db, pdns, actor, row);
    if (taken) return taken;
  } else if (hosted) await removeFromPdns(pdns, name);
  let created;
  try {
    created = await reaching(() =>
      pdns.createZone({
        name,
        kind: body.kind,
        account: accountOf(organizationId),
        nameservers: nameservers as string[],
      }),
    );
  } catch (e) {
    if (e instanceof PdnsError && e.status === 409) throw fieldError('name', 'zone_name_taken');
    if (e instanceof PdnsError && e.status === 422)
      throw fieldError('name', 'dns_server_message', { message: e.message });
    throw e;
  }
  try {
    const rrsets = storedRrsets(created.rrsets);
    const recorded = await recordChangeSet(
      db,
      row,
      { kind: 'create', userId: actor.id, diffs: diffRrsets([], rrsets) },
      { rrsets, serial: created.serial },
      ctx.now(),
    );
    return zoneDocument({ zone: recorded.zone, live: created, rrsets, outsideChange: null });
  } catch (e) {
    // msas could not keep it: do not leave an unowned zone in PowerDNS.
    await pdns.deleteZone(name).catch(() => undefined);
    throw e;
  }
}

/**
 * A zone msas made (its account names an organization) that no organization's row holds any more: its
 * organization was deleted. Left to the name's verified holder like any other; a zone made outside msas is
 * not (its create answers "already exists"), nor one whose organization still holds the name.
 */
async function leftInPdnsOnly(
  db: Db,
  pdns: PdnsClient,
  organizationId: number,
  name: string,
): Promise<boolean> {
  let account: string;
  try {
    account = (await reaching(() => pdns.getZoneMeta(name))).account;
  } catch (e) {
    if (e instanceof PdnsError && e.status === 404) return false;
    throw e;
  }
  const owner = /^msas-org-(\d{1,15})$/.exec(account ?? '');
  if (!owner) return false;
  const other = Number(owner[1]);
  if (other !== organizationId && (await holdsZoneName(db, other, name)))
    throw fieldError('name', 'zone_not_verified');
  return true;
}

/**
 * The zone as PowerDNS holds it becomes the new row's: its account moves to the organization and its records
 * are recorded as the creation. Undefined when PowerDNS no longer has it (a new zone is made instead).
 */
async function takeOver(ctx: AppContext, db: Db, pdns: PdnsClient, actor: DnsActor, row: ZoneRow) {
  try {
    await reaching(() => pdns.setAccount(row.name, accountOf(row.organization_id)));
  } catch (e) {
    if (e instanceof PdnsError && e.status === 404) return undefined;
    throw e;
  }
  const live = await reaching(() => pdns.getZone(row.name));
  const rrsets = storedRrsets(live.rrsets);
  const recorded = await recordChangeSet(
    db,
    row,
    { kind: 'create', userId: actor.id, diffs: diffRrsets([], rrsets) },
    { rrsets, serial: live.serial },
    ctx.now(),
  );
  return zoneDocument({ zone: recorded.zone, live, rrsets, outsideChange: null });
}

export async function removeFromPdns(pdns: PdnsClient, name: string): Promise<void> {
  try {
    await reaching(() => pdns.deleteZone(name));
  } catch (e) {
    // Already gone from PowerDNS: removing msas's row is all that is left.
    if (!(e instanceof PdnsError && e.status === 404)) throw e;
  }
}

export async function deleteZone(ctx: AppContext, db: Db, actor: DnsActor, raw: string): Promise<void> {
  const zone = await zoneFor(db, actor, raw, true, true);
  await deleteZoneRow(db, zone);
  await removeFromPdns(pdnsOf(ctx), zone.name);
}

/** A zone as PowerDNS holds it now, outside changes recorded. */
export async function loadZone(ctx: AppContext, db: Db, actor: DnsActor, raw: string) {
  const zone = await zoneFor(db, actor, raw, false, true);
  return zoneDocument(await loadLive(ctx, db, zone));
}
