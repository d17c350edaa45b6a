import type { Db } from '../../db/database';
import type { StoredBenefits } from '../../db/schema';

export function findOrganization(db: Db, id: number) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrganizationByName(db: Db, name: string) {
  return db.selectFrom('organizations').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function createOrganization(db: Db, name: string, benefits: StoredBenefits = {}) {
  return db
    .insertInto('organizations')
    .values({ name, benefits: JSON.stringify(benefits) })
    .returningAll()
    .executeTakeFirstOrThrow();
}
