import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { readDb } from '../../../db/read-db';
import type { Actor } from '../../../lib/permissions';
import { requireAuth } from '../../auth';
import { visibleGroup } from '../../domain-groups';
import { visibleOrganization } from '../../organizations';
import { metricsDocument, timeSeriesDocument } from './documents';
import {
  assertSpan,
  maxSeriesDays,
  normalizeDomain,
  resolveSelection,
  type Selection,
} from '../selection/filter';
import { metricsTotals } from './metrics-query';
import { reportPeriod } from './report-period-query';
import { countReports } from './reports-count-query';
import { routeOf } from '../../../lib/operation';
import type { FilterQuery } from '../../../../contract/analytics';
import { analyticsOps as ops } from '../../../../contract/operations/analytics';
import { dailyTotals } from './time-series-query';

// Domain metrics and time series (spec sections 3 and 7) for all domains, one domain, a domain group and an
// organization. Mounted twice: under /api/dm (domains, domain groups) and /api/ph (organizations).

type Resolved = { id: string; selection: Selection };
type Resolver = (actor: Actor, params: Record<string, string | number>, q: FilterQuery) => Promise<Resolved>;

async function metrics(ctx: AppContext, actor: Actor, r: Resolved) {
  const db = await readDb(ctx, actor);
  const [totals, nrReports] = await Promise.all([
    metricsTotals(db, r.selection),
    countReports(db, r.selection),
  ]);
  return metricsDocument(r.id, r.selection, totals, nrReports);
}

// The metrics and time-series operations of one scope (all domains, a domain, a group, an organization).
type Pair = readonly [
  typeof ops.metrics | typeof ops.domainMetrics | typeof ops.groupMetrics | typeof ops.organizationMetrics,
  (
    | typeof ops.timeSeries
    | typeof ops.domainTimeSeries
    | typeof ops.groupTimeSeries
    | typeof ops.organizationTimeSeries
  ),
];

function registerPair(
  app: Parameters<FastifyPluginAsyncZod>[0],
  ctx: AppContext,
  [metricsOp, seriesOp]: Pair,
  resolve: Resolver,
) {
  const onRequest = requireAuth(ctx);
  app.route({
    ...routeOf(app.prefix, metricsOp),
    onRequest,
    handler: async (request) =>
      metrics(
        ctx,
        request.user!,
        await resolve(
          request.user!,
          (request.params ?? {}) as Record<string, string>,
          request.query as FilterQuery,
        ),
      ),
  });
  app.route({
    ...routeOf(app.prefix, seriesOp),
    onRequest,
    handler: async (request) => {
      const r = await resolve(
        request.user!,
        (request.params ?? {}) as Record<string, string>,
        request.query as FilterQuery,
      );
      assertSpan(r.selection, maxSeriesDays);
      const db = await readDb(ctx, request.user!);
      return timeSeriesDocument(r.selection, await dailyTotals(db, r.selection));
    },
  });
}

export function domainAnalyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const now = () => ctx.now();
    app.route({
      ...routeOf(app.prefix, ops.reportPeriod),
      onRequest: requireAuth(ctx),
      handler: async (request) => {
        const selection = await resolveSelection(ctx.db, request.user!, request.query, now());
        const db = await readDb(ctx, request.user!);
        const attributes = await reportPeriod(db, selection);
        return { data: { type: 'report-period' as const, id: String(selection.organizationId), attributes } };
      },
    });
    registerPair(app, ctx, [ops.metrics, ops.timeSeries], async (actor, _p, q) => ({
      id: q.domain ? normalizeDomain(q.domain) : 'all',
      selection: await resolveSelection(ctx.db, actor, q, now()),
    }));
    registerPair(app, ctx, [ops.domainMetrics, ops.domainTimeSeries], async (actor, p, q) => {
      const domain = normalizeDomain(String(p.d));
      return { id: domain, selection: await resolveSelection(ctx.db, actor, q, now(), { domain }) };
    });
    registerPair(app, ctx, [ops.groupMetrics, ops.groupTimeSeries], async (actor, p, q) => {
      const group = await visibleGroup(ctx.db, actor, Number(p.id));
      const fixed = { group: group.id, organization: group.organization_id };
      return { id: String(group.id), selection: await resolveSelection(ctx.db, actor, q, now(), fixed) };
    });
  };
}

export function organizationAnalyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerPair(app, ctx, [ops.organizationMetrics, ops.organizationTimeSeries], async (actor, p, q) => {
      const org = await visibleOrganization(ctx.db, actor, Number(p.id));
      const selection = await resolveSelection(ctx.db, actor, q, ctx.now(), { organization: org.id });
      return { id: String(org.id), selection };
    });
  };
}
