import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { readDb } from '../../db/read-db';
import type { Actor } from '../../lib/permissions';
import { requireAuth } from '../auth';
import { visibleGroup } from '../domain-groups';
import { secured } from '../../lib/route-schema';
import { visibleOrganization } from '../organizations';
import { metricsDocument, timeSeriesDocument } from './documents';
import { assertSpan, maxSeriesDays, normalizeDomain, resolveSelection, type Selection } from './filter';
import { metricsTotals } from './metrics-query';
import { reportPeriod } from './report-period-query';
import { countReports } from './reports-count-query';
import { errorResponses } from '../../lib/schemas';
import {
  analyticsDomainParams as domainParams,
  analyticsIdParams as idParams,
  filterQuery,
  metricsDocument as metricsSchema,
  reportPeriodDocument,
  timeSeriesDocument as seriesSchema,
  type FilterQuery,
} from '../../../contract/analytics';
import { dailyTotals } from './time-series-query';

const analyticsErrors = errorResponses(400, 401, 403, 404);

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

function registerPair(
  app: Parameters<FastifyPluginAsyncZod>[0],
  ctx: AppContext,
  base: string,
  what: string,
  params: typeof domainParams | typeof idParams | null,
  resolve: Resolver,
) {
  const onRequest = requireAuth(ctx);
  const common = { querystring: filterQuery, ...(params ? { params } : {}) };
  app.get(
    `${base}metrics/`,
    {
      onRequest,
      schema: secured('analytics', `Domain metrics of ${what}`, {
        ...common,
        response: { 200: metricsSchema, ...analyticsErrors },
      }),
    },
    async (request) =>
      metrics(
        ctx,
        request.user!,
        await resolve(request.user!, (request.params ?? {}) as Record<string, string>, request.query),
      ),
  );
  app.get(
    `${base}time-series/`,
    {
      onRequest,
      schema: secured('analytics', `Daily time series of ${what}`, {
        ...common,
        response: { 200: seriesSchema, ...analyticsErrors },
      }),
    },
    async (request) => {
      const r = await resolve(request.user!, (request.params ?? {}) as Record<string, string>, request.query);
      assertSpan(r.selection, maxSeriesDays);
      const db = await readDb(ctx, request.user!);
      return timeSeriesDocument(r.selection, await dailyTotals(db, r.selection));
    },
  );
}

export function domainAnalyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const now = () => ctx.now();
    app.get(
      '/domains/report-period/',
      {
        onRequest: requireAuth(ctx),
        schema: secured('analytics', 'First and last day with aggregate reports, whatever the dates asked', {
          querystring: filterQuery,
          response: { 200: reportPeriodDocument, ...analyticsErrors },
        }),
      },
      async (request) => {
        const selection = await resolveSelection(ctx.db, request.user!, request.query, now());
        const db = await readDb(ctx, request.user!);
        const attributes = await reportPeriod(db, selection);
        return { data: { type: 'report-period' as const, id: String(selection.organizationId), attributes } };
      },
    );
    registerPair(app, ctx, '/domains/', 'all domains', null, async (actor, _p, q) => ({
      id: q.domain ? normalizeDomain(q.domain) : 'all',
      selection: await resolveSelection(ctx.db, actor, q, now()),
    }));
    registerPair(app, ctx, '/domains/:d/', 'one domain', domainParams, async (actor, p, q) => {
      const domain = normalizeDomain(String(p.d));
      return { id: domain, selection: await resolveSelection(ctx.db, actor, q, now(), { domain }) };
    });
    registerPair(app, ctx, '/domain-groups/:id/', 'a domain group', idParams, async (actor, p, q) => {
      const group = await visibleGroup(ctx.db, actor, Number(p.id));
      const fixed = { group: group.id, organization: group.organization_id };
      return { id: String(group.id), selection: await resolveSelection(ctx.db, actor, q, now(), fixed) };
    });
  };
}

export function organizationAnalyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerPair(app, ctx, '/organizations/:id/', 'an organization', idParams, async (actor, p, q) => {
      const org = await visibleOrganization(ctx.db, actor, Number(p.id));
      const selection = await resolveSelection(ctx.db, actor, q, ctx.now(), { organization: org.id });
      return { id: String(org.id), selection };
    });
  };
}
