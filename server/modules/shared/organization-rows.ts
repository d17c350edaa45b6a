import type { Db } from '../../db/database';
import type { StoredBenefits } from '../../db/schema';

// The organization rows several areas read or create (sign-up, accounts, claims, settings).
export function findOrganization(db: Db, id: number) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The organization's benefits, its row locked until the transaction ends (creates that count against a limit). */
export function lockedBenefits(db: Db, id: number) {
  return db
    .selectFrom('organizations')
    .select('benefits')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findOrganizationByName(db: Db, name: string) {
  return db.selectFrom('organizations').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function createOrganization(
  db: Db,
  name: string,
  benefits: StoredBenefits = {},
  ownerId: number | null = null,
  /** Signed up by its owner (POST /register-client/): on the free trial while billing is on. */
  selfRegistered = false,
) {
  return db
    .insertInto('organizations')
    .values({
      name,
      benefits: JSON.stringify(benefits),
      owner_id: ownerId,
      ...(selfRegistered ? { self_registered: true } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
