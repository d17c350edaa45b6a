import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ChangeKind, StoredRrset } from '../../db/schema-dns';
import { domainCandidates } from '../../ingest/ownership';
import type { RrsetDiff } from './records/rrsets';

// Zones, change sets and rrset history; every query names the organization.

const rrsetRowsPerInsert = 1000;

export type ZoneRef = { id: number } | { name: string };
export type OrgScope = number | 'any';

// Every column but `known`: a zone of 10,000 records keeps about 1 MB there, read only to notice outside changes.
const zoneColumns = ['organization_id', 'id', 'name', 'kind', 'version', 'created_at', 'updated_at'] as const;

export function findZone(db: Db, organizationId: OrgScope, ref: ZoneRef, lock = false) {
  let q = db.selectFrom('dns_zones').select(zoneColumns);
  if (organizationId !== 'any') q = q.where('organization_id', '=', organizationId);
  q = 'id' in ref ? q.where('id', '=', ref.id) : q.where('name', '=', ref.name);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export type ZoneRow = NonNullable<Awaited<ReturnType<typeof findZone>>>;

/** msas's copy of the zone as stored: StoredRrset[] as JSON text, and PowerDNS's serial when it was taken. */
export type KnownCopy = { text: string; serial: number | null };

/** The rrsets msas last saw in PowerDNS for this zone, and the serial they were seen at. */
export async function knownCopy(db: Db, zone: ZoneRow): Promise<KnownCopy> {
  const row = await db
    .selectFrom('dns_zones')
    .select(['known', 'known_serial'])
    .where('organization_id', '=', zone.organization_id)
    .where('id', '=', zone.id)
    .executeTakeFirstOrThrow();
  return { text: row.known, serial: row.known_serial };
}

/**
 * Stores msas's copy again without a change set: the same rrsets, seen at another serial or written in the
 * text this version writes (after migration 0054's); the text is left alone when not given.
 */
export async function rewriteKnown(db: Db, zone: ZoneRow, serial: number, text?: string): Promise<void> {
  await db
    .updateTable('dns_zones')
    .set(text === undefined ? { known_serial: serial } : { known: text, known_serial: serial })
    .where('organization_id', '=', zone.organization_id)
    .where('id', '=', zone.id)
    .execute();
}

export async function countZones(db: Db, organizationId: OrgScope): Promise<number> {
  let q = db.selectFrom('dns_zones').select(sql<number>`count(*)::int`.as('n'));
  if (organizationId !== 'any')
    q = q.where('organization_id', '=', organizationId).where(heldByItsOrganization);
  return (await q.executeTakeFirstOrThrow()).n;
}

export function listZones(db: Db, organizationId: OrgScope, offset: number, limit: number) {
  let q = db
    .selectFrom('dns_zones')
    // The records of msas's last known copy, counted when it was stored: the list never reads whole zones.
    .select(['id', 'organization_id', 'name', 'kind', 'version', 'created_at', 'updated_at', 'records']);
  if (organizationId !== 'any')
    q = q.where('organization_id', '=', organizationId).where(heldByItsOrganization);
  return q.orderBy('name').orderBy('id').offset(offset).limit(limit).execute();
}

/**
 * The organization controls a zone of this name: it holds verified a domain of which the zone is the name or
 * a subdomain. Control follows the verified holder (docs/DNS.md "Who controls a zone"): a zone whose domain
 * was deleted, renamed, revoked or verified by another organization is out of its old organization's reach.
 */
export async function holdsZoneName(
  db: Db,
  organizationId: number,
  zoneName: string,
  exceptDomainId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('domains')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('verified_at', 'is not', null)
    .where('name', 'in', domainCandidates(zoneName));
  if (exceptDomainId !== undefined) q = q.where('id', '<>', exceptDomainId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The same rule in SQL, for the zones list: the zone's organization holds a verified domain over it. */
const heldByItsOrganization = sql<boolean>`exists (
  select 1 from domains d
  where d.organization_id = dns_zones.organization_id and d.verified_at is not null
    and (dns_zones.name = d.name || '.' or right(dns_zones.name, length(d.name) + 2) = '.' || d.name || '.'))`;

/** Whether the organization already has a zone of that name. */
export async function zoneNameTaken(db: Db, organizationId: number, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('dns_zones')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined;
}

/** Rows of this zone name in other organizations (a zone left behind by its domain's old holder). */
export function zonesElsewhere(db: Db, organizationId: number, name: string) {
  return db
    .selectFrom('dns_zones')
    .select(zoneColumns)
    .where('name', '=', name)
    .where('organization_id', '<>', organizationId)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** An organization's zones at or under a domain name (the zones its verified domain gives it control of). */
export function zonesUnder(
  db: Db,
  organizationId: number | 'others',
  domain: { organization_id: number; name: string },
) {
  let q = db
    .selectFrom('dns_zones')
    .select(zoneColumns)
    .where((eb) =>
      eb.or([eb('name', '=', `${domain.name}.`), eb('name', 'like', `%.${likeEscaped(domain.name)}.`)]),
    );
  q =
    organizationId === 'others'
      ? q.where('organization_id', '<>', domain.organization_id)
      : q.where('organization_id', '=', organizationId);
  return q.orderBy('name').execute();
}

const likeEscaped = (text: string) => text.replace(/[%_\\]/g, '\\$&');

export function insertZone(db: Db, organizationId: number, name: string, kind: string) {
  return db
    .insertInto('dns_zones')
    .values({ organization_id: organizationId, name, kind, known: '[]' })
    .returning(zoneColumns)
    .executeTakeFirstOrThrow();
}

export async function deleteZoneRow(db: Db, zone: ZoneRow): Promise<void> {
  await db
    .deleteFrom('dns_zones')
    .where('organization_id', '=', zone.organization_id)
    .where('id', '=', zone.id)
    .execute();
}

/**
 * Records one change set (its rrsets, before and after), moves the zone to the next version and stores the
 * state msas now knows. Returns the new zone row and the change set's id.
 */
export async function recordChangeSet(
  db: Db,
  zone: ZoneRow,
  change: { kind: ChangeKind; userId: number | null; revertsId?: number; diffs: RrsetDiff[] },
  known: { rrsets: StoredRrset[]; serial: number | null },
  now: Date,
) {
  const version = zone.version + 1;
  const set = await db
    .insertInto('dns_change_sets')
    .values({
      organization_id: zone.organization_id,
      zone_id: zone.id,
      version,
      kind: change.kind,
      user_id: change.userId,
      reverts_id: change.revertsId ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // In slices: one statement takes at most 65535 parameters, and a zone's first load or an outside bulk
  // change can hold thousands of rrsets.
  for (let i = 0; i < change.diffs.length; i += rrsetRowsPerInsert)
    await db
      .insertInto('dns_rrset_changes')
      .values(
        change.diffs.slice(i, i + rrsetRowsPerInsert).map((d) => ({
          organization_id: zone.organization_id,
          change_set_id: set.id,
          zone_id: zone.id,
          name: d.name,
          type: d.type,
          before: d.before ? JSON.stringify(d.before) : null,
          after: d.after ? JSON.stringify(d.after) : null,
        })),
      )
      .execute();
  const row = await db
    .updateTable('dns_zones')
    .set({
      version,
      known: JSON.stringify(known.rrsets),
      known_serial: known.serial,
      records: known.rrsets.reduce((n, r) => n + r.records.length, 0),
      updated_at: now,
    })
    .where('organization_id', '=', zone.organization_id)
    .where('id', '=', zone.id)
    .returning(zoneColumns)
    .executeTakeFirstOrThrow();
  return { zone: row, changeSetId: set.id };
}

function historyBase(db: Db, zone: ZoneRow) {
  return db
    .selectFrom('dns_rrset_changes as r')
    .innerJoin('dns_change_sets as c', (j) =>
      j.onRef('c.organization_id', '=', 'r.organization_id').onRef('c.id', '=', 'r.change_set_id'),
    )
    .where('r.organization_id', '=', zone.organization_id)
    .where('r.zone_id', '=', zone.id);
}

const historyColumns = [
  'r.id',
  'r.change_set_id',
  'r.name',
  'r.type',
  'r.before',
  'r.after',
  'c.kind',
  'c.version',
  'c.user_id',
  'c.created_at',
] as const;

export type HistoryFilter = { name?: string; type?: string };

function filtered(db: Db, zone: ZoneRow, filter: HistoryFilter) {
  let q = historyBase(db, zone);
  if (filter.name) q = q.where('r.name', '=', filter.name);
  if (filter.type) q = q.where('r.type', '=', filter.type);
  return q;
}

export async function countHistory(db: Db, zone: ZoneRow, filter: HistoryFilter): Promise<number> {
  const row = await filtered(db, zone, filter)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export function listHistory(db: Db, zone: ZoneRow, filter: HistoryFilter, offset: number, limit: number) {
  return filtered(db, zone, filter)
    .select(historyColumns)
    .orderBy('r.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type HistoryRow = Awaited<ReturnType<typeof listHistory>>[number];

/** Changes to any of these rrsets in change sets after `version` (someone else's, for a stale edit). */
export async function changesSince(
  db: Db,
  zone: ZoneRow,
  version: number,
  keys: { name: string; type: string }[],
) {
  if (keys.length === 0) return [];
  const rows = await historyBase(db, zone)
    .where('c.version', '>', version)
    .where('r.name', 'in', [...new Set(keys.map((k) => k.name))])
    .select(historyColumns)
    .orderBy('r.id')
    .execute();
  const wanted = new Set(keys.map((k) => `${k.name}/${k.type}`));
  return rows.filter((r) => wanted.has(`${r.name}/${r.type}`));
}

/** One change set of an organization's zone, with its rrsets. */
export async function findChangeSet(db: Db, organizationId: OrgScope, id: number) {
  let q = db.selectFrom('dns_change_sets').selectAll().where('id', '=', id);
  if (organizationId !== 'any') q = q.where('organization_id', '=', organizationId);
  const set = await q.executeTakeFirst();
  if (!set) return undefined;
  const rrsets = await db
    .selectFrom('dns_rrset_changes')
    .select(['name', 'type', 'before', 'after'])
    .where('organization_id', '=', set.organization_id)
    .where('change_set_id', '=', set.id)
    .orderBy('id')
    .execute();
  return { ...set, rrsets };
}

/** The organization's report address slug: its DMARC rua in a suggested fix (fixes/fixes.ts). */
export async function reportSlugOf(db: Db, organizationId: number): Promise<string> {
  const org = await db
    .selectFrom('organizations')
    .select('report_slug')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return org.report_slug;
}
