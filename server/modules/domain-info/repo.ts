import type { Db } from '../../db/database';
import type { DomainRow } from '../../db/schema';

/** A domain's stored check result of one system (check_results); undefined while unchecked. */
export async function stored(db: Db, domain: DomainRow, system: string) {
  return db
    .selectFrom('check_results')
    .select(['checked_at', 'result'])
    .where('organization_id', '=', domain.organization_id)
    .where('domain_id', '=', domain.id)
    .where('system', '=', system)
    .executeTakeFirst();
}
