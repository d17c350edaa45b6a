import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RecipientState } from '../../db/schema-recipients';

// Reads and writes of recipient_addresses (migration 0060). Addresses are stored lowercased.

export async function storedStates(
  db: Db,
  organizationId: number,
  addresses: string[],
): Promise<Map<string, RecipientState>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .selectFrom('recipient_addresses')
    .select(['address', 'state'])
    .where('organization_id', '=', organizationId)
    .where('address', 'in', addresses)
    .execute();
  return new Map(rows.map((r) => [r.address, r.state]));
}

/** Addresses of the organization's active members (an active account's address is a verified one). */
export async function memberAddresses(
  db: Db,
  organizationId: number,
  addresses: string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where('organization_id', '=', organizationId)
    .where('is_active', '=', true)
    .where(sql`lower(email)`, 'in', addresses)
    .execute();
  return new Set(rows.map((r) => r.email));
}

/**
 * Of these (organization, address) pairs, the ones mail may go to, as `organization address` keys: a member's
 * address or a confirmed one. One statement for any number of organizations (the alert batch).
 */
export async function mailablePairs(db: Db, pairs: { o: number; a: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { rows } = await sql<{ o: number; a: string }>`
    select distinct b.o, b.a
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as b(o int, a text)
     where exists (select 1 from users u
                    where u.organization_id = b.o and u.is_active and lower(u.email) = b.a)
        or exists (select 1 from recipient_addresses r
                    where r.organization_id = b.o and r.address = b.a and r.state = 'confirmed')`.execute(db);
  return new Set(rows.map((r) => `${r.o} ${r.a}`));
}

export async function insertWaiting(db: Db, organizationId: number, address: string): Promise<boolean> {
  const row = await db
    .insertInto('recipient_addresses')
    .values({ organization_id: organizationId, address })
    .onConflict((oc) => oc.columns(['organization_id', 'address']).doNothing())
    .returning('address')
    .executeTakeFirst();
  return row !== undefined;
}

export function findWaiting(db: Db, organizationId: number, address: string) {
  return db
    .selectFrom('recipient_addresses')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('address', '=', address)
    .where('state', '=', 'waiting')
    .executeTakeFirst();
}

export async function setToken(
  db: Db,
  organizationId: number,
  address: string,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db
    .updateTable('recipient_addresses')
    .set({ token_hash: tokenHash, token_expires_at: expiresAt, confirmation_sent_at: now })
    .where('organization_id', '=', organizationId)
    .where('address', '=', address)
    .execute();
}

export function findByToken(db: Db, organizationId: number, tokenHash: string) {
  return db
    .selectFrom('recipient_addresses')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends the link: only a waiting row changes, so two answers at once decide once. */
export async function decide(
  db: Db,
  organizationId: number,
  address: string,
  state: 'confirmed' | 'declined',
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('recipient_addresses')
    .set({ state, decided_at: now })
    .where('organization_id', '=', organizationId)
    .where('address', '=', address)
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function organizationName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('organizations').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
}
