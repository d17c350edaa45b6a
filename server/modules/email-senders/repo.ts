import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, orderBy } from '../../lib/ordering';

// Queries on email_senders and email_sender_networks.

export type SenderRow = {
  id: number;
  name: string;
  created_date: Date;
  spf_includes: string[];
  reverse_dns_suffixes: string[];
  logo_mime: string | null;
  logo_version: number;
};

const columns = [
  'id',
  'name',
  'created_date',
  'spf_includes',
  'reverse_dns_suffixes',
  'logo_mime',
  'logo_version',
] as const;
export const senderOrderings = ['name', 'created_date', 'id'] as const;

type Page = { offset: number; limit: number; search?: string; ordering?: string };

export async function listSenders(db: Db, p: Page): Promise<{ count: number; rows: SenderRow[] }> {
  const order = orderBy(p.ordering, senderOrderings, 'name');
  let q = db.selectFrom('email_senders');
  if (p.search) q = q.where(sql<boolean>`lower(name) like ${containsPattern(p.search)}`);
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(columns)
    .orderBy(sql`${order}, id`)
    .offset(p.offset)
    .limit(p.limit)
    .execute();
  return { count: Number(counted.n), rows };
}

export const findSender = (db: Db, id: number) =>
  db.selectFrom('email_senders').select(columns).where('id', '=', id).executeTakeFirst();

export async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('email_senders')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertSender(
  db: Db,
  sender: { name: string; spf_includes: string[]; reverse_dns_suffixes: string[] },
): Promise<number> {
  const row = await db
    .insertInto('email_senders')
    .values({
      name: sender.name,
      spf_includes: JSON.stringify(sender.spf_includes),
      reverse_dns_suffixes: JSON.stringify(sender.reverse_dns_suffixes),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** `changes` holds the JSON columns already as text. */
export async function updateSenderRow(
  db: Db,
  id: number,
  changes: { name?: string; spf_includes?: string; reverse_dns_suffixes?: string },
): Promise<void> {
  await db.updateTable('email_senders').set(changes).where('id', '=', id).execute();
}

export async function deleteSenderRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('email_senders').where('id', '=', id).execute();
}

export async function networksOf(
  db: Db,
  ids: number[],
): Promise<Map<number, { id: number; range: string }[]>> {
  const out = new Map<number, { id: number; range: string }[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('email_sender_networks')
    .select(['id', 'sender_id', sql<string>`range::text`.as('range')])
    .where(sql<boolean>`sender_id = any(${ids}::bigint[])`)
    .orderBy(sql`family(range), range`)
    .execute();
  for (const r of rows) out.get(r.sender_id)?.push({ id: r.id, range: r.range });
  return out;
}

/** Adds ranges the sender does not have yet; returns how many were new. */
export async function addNetworks(db: Db, senderId: number, ranges: string[]): Promise<number> {
  if (ranges.length === 0) return 0;
  const { rows } = await sql<{ id: number }>`insert into email_sender_networks (sender_id, range)
    select ${senderId}, r::cidr from unnest(${ranges}::text[]) as t(r)
    on conflict (sender_id, range) do nothing returning id`.execute(db);
  return rows.length;
}

export async function deleteNetworks(db: Db, senderId: number, ranges: string[] | 'all'): Promise<void> {
  let q = db.deleteFrom('email_sender_networks').where('sender_id', '=', senderId);
  if (ranges !== 'all') q = q.where(sql<boolean>`range = any(${ranges}::cidr[])`);
  await q.execute();
}

export async function logoOf(db: Db, id: number) {
  return db
    .selectFrom('email_senders')
    .select(['logo', 'logo_mime', 'logo_version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setLogo(db: Db, id: number, logo: { bytes: Buffer; mime: string } | null) {
  await db
    .updateTable('email_senders')
    .set((eb) => ({
      logo: logo?.bytes ?? null,
      logo_mime: logo?.mime ?? null,
      logo_version: eb('logo_version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}
