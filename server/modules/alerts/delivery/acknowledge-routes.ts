import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { routeOf } from '../../../lib/operation';
import { requireAuth } from '../../auth';
import { withAudit } from '../../shared/with-audit';
import { alertOps as ops } from '../../../../contract/operations/alerts';
import type { AlertRuleRow } from '../repo';
import { firingColumns, firingNextSend, firingResource } from '../rules/resource';
import { visibleRule } from '../rules/rules';
import { actOnFiring, type FiringAction, snoozeMs } from './acknowledge';

// POST /alerts/{id}/firings/{firing_id}/acknowledge/ and /snooze/: the console's buttons in the firings
// modal. Whoever may change the rule may acknowledge or snooze its firings; audited in the same transaction.

async function firingDocument(db: Db, rule: AlertRuleRow, id: number) {
  const row = await db
    .selectFrom('alert_firings')
    .select(firingColumns)
    .select(sql<string>`day::text`.as('day'))
    .where('organization_id', '=', rule.organization_id)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { data: firingResource(row, await firingNextSend(db, rule)) };
}

export function acknowledgeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const act =
      (ruleId: number, firingId: number, action: (email: string) => FiringAction) =>
      async (trx: Db, user: { email: string } & Parameters<typeof visibleRule>[1]) => {
        const rule = await visibleRule(trx, user, ruleId, true);
        await actOnFiring(trx, rule, firingId, action(user.email));
        return firingDocument(trx, rule, firingId);
      };

    app.route({
      ...routeOf(app.prefix, ops.acknowledge),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'alerts.firing.acknowledge', (trx) =>
          act(request.params.id, request.params.firing_id, (by) => ({
            kind: 'acknowledge',
            by,
            at: ctx.now(),
          }))(trx, request.user!),
        ),
    });

    app.route({
      ...routeOf(app.prefix, ops.snooze),
      onRequest,
      handler: (request) =>
        withAudit(ctx, request, 'alerts.firing.snooze', (trx) =>
          act(request.params.id, request.params.firing_id, () => ({
            kind: 'snooze',
            until: new Date(ctx.now().getTime() + snoozeMs[request.body.duration]),
          }))(trx, request.user!),
        ),
    });
  };
}
