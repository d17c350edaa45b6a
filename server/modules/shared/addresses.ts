import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { fieldError } from '../../lib/errors';

// Account addresses are unique case-insensitively (migration 0041). The database index is the guarantee;
// these checks give the caller a field message instead of a constraint error.

export async function addressInUse(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase());
  if (exceptUserId !== undefined) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

// PostgreSQL's unique_violation (SQLSTATE 23505) on one of the users' address indexes.
function isAddressClash(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown };
  return e?.code === '23505' && typeof e.constraint === 'string' && e.constraint.startsWith('users_');
}

// Runs a write that sets an address or username; a clash with a row written meanwhile becomes a 400 on
// that field (thrown, so the caller's transaction rolls back) rather than a 500.
export async function guardAddressClash<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isAddressClash(error)) throw error;
    const constraint = String((error as { constraint: string }).constraint);
    throw constraint.includes('username')
      ? fieldError('username', 'username_taken')
      : fieldError('email', 'email_taken');
  }
}
