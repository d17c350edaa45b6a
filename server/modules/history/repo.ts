import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { historyParams } from '../../../contract/domain-info';

// The stored DNS history of one record set of a domain, newest change first; the items of one change (they
// share its date) in record order (docs/CHECKS.md).

export type HistoryPage = { offset: number; pageSize: number };

export async function historyRows(
  db: Db,
  domain: { organization_id: number; id: number },
  type: z.infer<typeof historyParams>['type'],
  page: HistoryPage,
) {
  const base = db
    .selectFrom('check_history')
    .where('organization_id', '=', domain.organization_id)
    .where('domain_id', '=', domain.id)
    .where('type', '=', type);
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'date', 'rr_type', 'ttl', 'content'])
    .orderBy('date', 'desc')
    .orderBy('id', 'asc')
    .offset(page.offset)
    .limit(page.pageSize)
    .execute();
  return { count: n, rows };
}
