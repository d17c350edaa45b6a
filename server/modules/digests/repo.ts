import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { DigestSchedulesTable } from '../../db/schema-digests';
import type { Insertable, Selectable, Updateable } from 'kysely';

// Reads and writes of digest_schedules and digest_sends. Every statement names the organization.

type Raw = Selectable<DigestSchedulesTable>;
export type ScheduleRow = Omit<Raw, 'id'> & { id: number };

const asRow = (r: Raw): ScheduleRow => ({ ...r, id: Number(r.id) });

export async function findSchedule(db: Db, organizationId: number, id: number) {
  const row = await db
    .selectFrom('digest_schedules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? asRow(row) : undefined;
}

/** For the unsubscribe link, whose signed token names the organization. */
export const findScheduleForUpdate = async (db: Db, organizationId: number, id: number) => {
  const row = await db
    .selectFrom('digest_schedules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? asRow(row) : undefined;
};

export async function listSchedules(
  db: Db,
  organizationId: number | 'all',
  filter: { type?: string; search?: string },
  offset: number,
  limit: number,
) {
  let q = db.selectFrom('digest_schedules').selectAll();
  if (organizationId !== 'all') q = q.where('organization_id', '=', organizationId);
  if (filter.type) q = q.where('type', '=', filter.type as Raw['type']);
  if (filter.search) q = q.where('name', 'ilike', `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`);
  const [rows, count] = await Promise.all([
    q.orderBy('organization_id').orderBy('id').offset(offset).limit(limit).execute(),
    q
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(asRow), count: count.n };
}

/** The organization of a schedule, for support, who may read any; undefined when there is none such. */
export async function scheduleOrganization(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('digest_schedules')
    .select('organization_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.organization_id;
}

export async function insertSchedule(db: Db, row: Insertable<DigestSchedulesTable>): Promise<ScheduleRow> {
  return asRow(await db.insertInto('digest_schedules').values(row).returningAll().executeTakeFirstOrThrow());
}

export async function updateSchedule(
  db: Db,
  row: ScheduleRow,
  changes: Updateable<DigestSchedulesTable>,
): Promise<ScheduleRow> {
  const saved = await db
    .updateTable('digest_schedules')
    .set(changes)
    .where('organization_id', '=', row.organization_id)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return asRow(saved);
}

export async function deleteSchedule(db: Db, row: ScheduleRow): Promise<void> {
  await db
    .deleteFrom('digest_schedules')
    .where('organization_id', '=', row.organization_id)
    .where('id', '=', row.id)
    .execute();
}

export async function countSchedules(db: Db, organizationId: number, type?: string) {
  let q = db
    .selectFrom('digest_schedules')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('organization_id', '=', organizationId);
  if (type) q = q.where('type', '=', type as Raw['type']);
  return (await q.executeTakeFirstOrThrow()).n;
}

export async function nameTaken(db: Db, organizationId: number, name: string, exceptId?: number) {
  const row = await db
    .selectFrom('digest_schedules')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row !== undefined && Number(row.id) !== exceptId;
}

/** The last time each schedule went out, for the list. */
export async function lastSent(db: Db, organizationId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, Date>();
  const rows = await db
    .selectFrom('digest_sends')
    .select(['schedule_id', sql<Date>`max(created_at)`.as('at')])
    .where('organization_id', '=', organizationId)
    .where('schedule_id', 'in', ids)
    .where('status', '!=', 'skipped')
    .groupBy('schedule_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.schedule_id), new Date(r.at)]));
}

export async function listSends(
  db: Db,
  organizationId: number,
  scheduleId: number,
  offset: number,
  limit: number,
) {
  const where = db
    .selectFrom('digest_sends')
    .where('organization_id', '=', organizationId)
    .where('schedule_id', '=', scheduleId);
  const [rows, count] = await Promise.all([
    where.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    where.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: count.n };
}

export type NewSend = {
  organization_id: number;
  schedule_id: number;
  period_key: string;
  period_begin: string;
  period_end: string;
  kind: 'scheduled' | 'late' | 'manual';
  status: 'sent' | 'quiet' | 'skipped';
  recipients: number;
  messages: number;
};

/**
 * Claims a (schedule, period): true when this call wrote the row, false when the period was already
 * claimed (another worker, an earlier run). In the job's transaction: a rollback releases the claim.
 */
export async function claimSend(db: Db, send: NewSend): Promise<boolean> {
  const row = await db
    .insertInto('digest_sends')
    .values(send)
    .onConflict((oc) => oc.columns(['organization_id', 'schedule_id', 'period_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasSend(db: Db, organizationId: number, scheduleId: number, periodKey: string) {
  const row = await db
    .selectFrom('digest_sends')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('schedule_id', '=', scheduleId)
    .where('period_key', '=', periodKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every schedule with at least one address, a page at a time (the planner). */
export async function schedulesAfter(db: Db, after: { organizationId: number; id: number }, limit: number) {
  const rows = await db
    .selectFrom('digest_schedules')
    .selectAll()
    .where(sql<boolean>`(organization_id, id) > (${after.organizationId}, ${after.id})`)
    .where(sql<boolean>`cardinality(destination_addresses) > 0`)
    .orderBy('organization_id')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(asRow);
}
