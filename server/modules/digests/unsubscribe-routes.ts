import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { unsubscribeRoutes } from '../shared/unsubscribe-routes';
import { readUnsubscribeToken } from './unsubscribe';

// The link at the foot of every digest: the address leaves the report's destination addresses.
export function digestUnsubscribeRoutes(ctx: AppContext) {
  return unsubscribeRoutes(ctx, {
    path: '/digest-reports/unsubscribe/',
    tag: 'digest-reports',
    what: 'digest',
    auditName: 'digest_reports.unsubscribe',
    read: (token) => readUnsubscribeToken(ctx.config.jwtSecret, token),
    apply: (trx, u) =>
      trx
        .updateTable('digest_schedules')
        .set({ destination_addresses: sql`array_remove(destination_addresses, ${u.address})` })
        .where('organization_id', '=', u.organizationId)
        .where('id', '=', u.scheduleId)
        .execute(),
    invalid: 'link_invalid',
    done: 'You will not receive this report any more.',
  });
}
