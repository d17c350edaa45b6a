import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { readDb } from '../../db/read-db';
import { requireAuth } from '../auth';
import { routeOf } from '../../lib/operation';
import { listOtherReports, originalFile } from './other-service';
import { reportOps as ops } from '../../../contract/operations/reports';
import { reportScope } from './scope';
import { aggregateReport, dkimSignatures, listAggregateReports, reportRecords } from './service';
import { uploadRoute } from './upload-route';

// Mounted under /api/dm (spec section 7: /dmarc/aggregate-reports/...; TLS and failure lists are ours).
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    app.route({
      ...routeOf(app.prefix, ops.dkimSignatures),
      onRequest,
      handler: async (request) => {
        const scope = await reportScope(ctx.db, request.user!, request.query.organization);
        return dkimSignatures(await readDb(ctx, request.user!), scope, request.query.domain);
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.aggregate),
      onRequest,
      handler: async (request) =>
        aggregateReport(ctx.db, await reportScope(ctx.db, request.user!), request.params.id),
    });

    app.route({
      ...routeOf(app.prefix, ops.records),
      onRequest,
      handler: async (request) => {
        const scope = await reportScope(ctx.db, request.user!);
        const db = await readDb(ctx, request.user!);
        return reportRecords(db, scope, request.params.id, request.query, request.url);
      },
    });

    const files = [
      [ops.aggregateFile, 'dmarc_reports'],
      [ops.tlsFile, 'tls_reports'],
      [ops.failureFile, 'failure_reports'],
    ] as const;
    for (const [op, table] of files) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: async (request, reply) => {
          const scope = await reportScope(ctx.db, request.user!);
          const file = await originalFile(await readDb(ctx, request.user!), table, scope, request.params.id);
          const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
          return (
            reply
              .header('content-type', 'application/octet-stream')
              .header(
                'content-disposition',
                `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
              )
              // Bytes go out as they are; the schema documents them as a binary string.
              .send(file.content as unknown as string)
          );
        },
      });
    }

    // The report lists. Spec section 7 names the aggregate list twice, /dmarc/aggregate-reports/ and
    // /aggregate-reports/: both answer the same (the paging links keep the path that was asked).
    for (const [op, table] of [
      [ops.aggregates, 'dmarc_reports'],
      [ops.aggregatesAlias, 'dmarc_reports'],
      [ops.tlsReports, 'tls_reports'],
      [ops.failureReports, 'failure_reports'],
    ] as const) {
      app.route({
        ...routeOf(app.prefix, op),
        onRequest,
        handler: async (request) => {
          const { organization, ...q } = request.query;
          const scope = await reportScope(ctx.db, request.user!, organization);
          const db = await readDb(ctx, request.user!);
          return table === 'dmarc_reports'
            ? listAggregateReports(db, scope, q, request.url)
            : listOtherReports(db, table, scope, q, request.url);
        },
      });
    }

    await app.register(uploadRoute(ctx));
  };
}
