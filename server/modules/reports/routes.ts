import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { readDb } from '../../db/read-db';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import { listOtherReports, originalFile } from './other-service';
import { errorResponses } from '../../lib/schemas';
import {
  aggregateReportDocument,
  aggregateReportList,
  dkimQuery,
  dkimSignatureList,
  recordList,
  recordsQuery,
  reportIdParams as idParams,
  reportListQuery,
} from '../../../contract/reports';
import { failureReportList, tlsReportList } from '../../../contract/other-reports';
import { binaryBody } from '../../../contract/upload';
import { reportScope } from './scope';
import { aggregateReport, dkimSignatures, listAggregateReports, reportRecords } from './service';
import { uploadRoute } from './upload-route';

const reportErrors = errorResponses(400, 401, 403, 404);

// Mounted under /api/dm (spec section 7: /dmarc/aggregate-reports/...; TLS and failure lists are ours).
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const tag = 'reports';
    const base = '/dmarc/aggregate-reports';
    const fileSchema = {
      200: {
        description: "The report's own bytes as received (XML, gzip, zip, JSON or a message)",
        content: { 'application/octet-stream': { schema: binaryBody } },
      },
      ...reportErrors,
    };

    app.get(
      `${base}/dkim-signatures/`,
      {
        onRequest,
        schema: secured(tag, 'DKIM signatures (domain and selector) seen for a domain', {
          querystring: dkimQuery,
          response: { 200: dkimSignatureList, ...reportErrors },
        }),
      },
      async (request) => {
        const scope = await reportScope(ctx.db, request.user!, request.query.organization);
        return dkimSignatures(await readDb(ctx, request.user!), scope, request.query.domain);
      },
    );

    app.get(
      `${base}/:id/`,
      {
        onRequest,
        schema: secured(tag, 'One DMARC aggregate report', {
          params: idParams,
          response: { 200: aggregateReportDocument, ...reportErrors },
        }),
      },
      async (request) => aggregateReport(ctx.db, await reportScope(ctx.db, request.user!), request.params.id),
    );

    app.get(
      `${base}/:id/records/`,
      {
        onRequest,
        schema: secured(tag, 'Records of a report with their DKIM signatures and SPF results, paged', {
          params: idParams,
          querystring: recordsQuery,
          response: { 200: recordList, ...reportErrors },
        }),
      },
      async (request) => {
        const scope = await reportScope(ctx.db, request.user!);
        const db = await readDb(ctx, request.user!);
        return reportRecords(db, scope, request.params.id, request.query, request.url);
      },
    );

    const files = [
      [`${base}/:id/file/`, 'dmarc_reports', 'aggregate'],
      ['/dmarc/tls-reports/:id/file/', 'tls_reports', 'TLS'],
      ['/dmarc/failure-reports/:id/file/', 'failure_reports', 'failure'],
    ] as const;
    for (const [url, table, what] of files) {
      app.get(
        url,
        {
          onRequest,
          schema: secured(tag, `The original file of a ${what} report, as received`, {
            params: idParams,
            response: fileSchema,
          }),
        },
        async (request, reply) => {
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
      );
    }

    // The report lists. Spec section 7 names the aggregate list twice, /dmarc/aggregate-reports/ and
    // /aggregate-reports/: both answer the same (the paging links keep the path that was asked).
    const aggregates = 'DMARC aggregate reports, newest first, paged';
    for (const [url, table, response, summary] of [
      [`${base}/`, 'dmarc_reports', aggregateReportList, aggregates],
      [
        '/aggregate-reports/',
        'dmarc_reports',
        aggregateReportList,
        `${aggregates} (as /dmarc/aggregate-reports/)`,
      ],
      [
        '/dmarc/tls-reports/',
        'tls_reports',
        tlsReportList,
        'SMTP TLS reports (RFC 8460), newest first, paged',
      ],
      [
        '/dmarc/failure-reports/',
        'failure_reports',
        failureReportList,
        'DMARC failure reports, newest first, paged',
      ],
    ] as const) {
      app.get(
        url,
        {
          onRequest,
          schema: secured(tag, summary, {
            querystring: reportListQuery,
            response: { 200: response, ...reportErrors },
          }),
        },
        async (request) => {
          const { organization, ...q } = request.query;
          const scope = await reportScope(ctx.db, request.user!, organization);
          const db = await readDb(ctx, request.user!);
          return table === 'dmarc_reports'
            ? listAggregateReports(db, scope, q, request.url)
            : listOtherReports(db, table, scope, q, request.url);
        },
      );
    }

    await app.register(uploadRoute(ctx));
  };
}
