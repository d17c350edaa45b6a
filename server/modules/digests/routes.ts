import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { detailError, fieldError } from '../../lib/errors';
import { secured } from '../../lib/route-schema';
import { errorResponses, isCalendarDay } from '../../lib/schemas';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import {
  digestCreateBody,
  digestDocument,
  digestListDocument,
  digestListQuery,
  digestParams,
  digestPatchBody,
  digestPeriodQuery,
  digestPreviewDocument,
  digestSendListDocument,
  digestSendNowDocument,
  digestSendsQuery,
  digestTypeParams,
} from '../../../contract/digests';
import { digestPdf } from './pdf';
import { periodOf, renderFor, sendPeriod } from './send';
import { sendNowAllowance } from './send-now';
import { create, list, remove, sendsOf, update, visibleSchedule, resourceOf } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tag = 'digest-reports';

// Digest reports (spec section 7), mounted under /api/dm. Types: `scheduled` (user-defined), `weekly` and
// `monthly` (the organization's digests); docs/DIGESTS.md.
export function digestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);

    const endDay = (q: { end_date?: string }) => {
      if (q.end_date !== undefined && !isCalendarDay(q.end_date))
        throw fieldError('end_date', 'invalid_date');
      return q.end_date;
    };

    app.get(
      '/digest-reports/',
      {
        onRequest,
        schema: secured(
          tag,
          "Digest reports of the caller's organization (?type=scheduled|weekly|monthly), paged",
          {
            querystring: digestListQuery,
            response: { 200: digestListDocument, ...errors },
          },
        ),
      },
      (request) => list(ctx.db, request.user!, request.query, request.url, ctx.now()),
    );

    app.post(
      '/digest-reports/:type/',
      {
        onRequest,
        schema: secured(tag, 'Create a digest report of a type: scheduled, weekly or monthly', {
          params: digestTypeParams,
          body: digestCreateBody,
          response: { 201: digestDocument, ...errors },
        }),
      },
      async (request, reply) => {
        const outbox: number[] = [];
        const doc = await withAudit(
          ctx,
          request,
          'digest_reports.create',
          (trx) => create(trx, request.user!, request.params.type, request.body, ctx.now(), { ctx, outbox }),
          { status: 201 },
        );
        deliverInBackground(ctx, outbox);
        return reply.code(201).send(doc);
      },
    );

    app.get(
      '/digest-reports/:type/:id/',
      {
        onRequest,
        schema: secured(tag, 'One digest report', {
          params: digestParams,
          response: { 200: digestDocument, ...errors },
        }),
      },
      async (request) => {
        const row = await visibleSchedule(ctx.db, request.user!, request.params.type, request.params.id);
        return { data: await resourceOf(ctx.db, row, ctx.now()) };
      },
    );

    app.patch(
      '/digest-reports/:type/:id/',
      {
        onRequest,
        schema: secured(tag, 'Change a digest report (any of the creation fields)', {
          params: digestParams,
          body: digestPatchBody,
          response: { 200: digestDocument, ...errors },
        }),
      },
      async (request) => {
        const outbox: number[] = [];
        const doc = await withAudit(ctx, request, 'digest_reports.update', (trx) =>
          update(trx, request.user!, request.params.type, request.params.id, request.body, ctx.now(), {
            ctx,
            outbox,
          }),
        );
        deliverInBackground(ctx, outbox);
        return doc;
      },
    );

    app.delete(
      '/digest-reports/:type/:id/',
      {
        onRequest,
        schema: secured(tag, 'Delete a digest report and its history of sends', {
          params: digestParams,
          response: { 204: z.null(), ...errors },
        }),
      },
      async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'digest_reports.delete',
          (trx) => remove(trx, request.user!, request.params.type, request.params.id),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/digest-reports/:type/:id/sends/',
      {
        onRequest,
        schema: secured(tag, 'The history of sends of a digest report, newest first', {
          params: digestParams,
          querystring: digestSendsQuery,
          response: { 200: digestSendListDocument, ...errors },
        }),
      },
      (request) =>
        sendsOf(ctx.db, request.user!, request.params.type, request.params.id, request.query, request.url),
    );

    app.get(
      '/digest-reports/:type/:id/preview/',
      {
        onRequest,
        schema: secured(tag, 'The report as it would be sent now (or for the period ending on ?end_date=)', {
          params: digestParams,
          querystring: digestPeriodQuery,
          response: { 200: digestPreviewDocument, ...errors },
        }),
      },
      async (request) => {
        const end = endDay(request.query);
        const row = await visibleSchedule(ctx.db, request.user!, request.params.type, request.params.id);
        const period = periodOf(row, ctx.now(), end);
        const { rendered } = await renderFor(ctx, ctx.db, row, period);
        // In a page the cid: parts are not there: the preview's HTML carries its images as data: URIs.
        let html = rendered.html;
        for (const img of rendered.images)
          html = html.replaceAll(`cid:${img.cid}`, `data:${img.contentType};base64,${img.content}`);
        return {
          subject: rendered.subject,
          html,
          text: rendered.text,
          period_begin: period.begin,
          period_end: period.end,
          images: rendered.images.map((i) => ({
            cid: i.cid,
            content_type: i.contentType,
            content: i.content,
          })),
        };
      },
    );

    app.get(
      '/digest-reports/:type/:id/pdf/',
      {
        onRequest,
        schema: secured(tag, 'The report as a PDF (the period ending yesterday, or ?end_date=)', {
          params: digestParams,
          querystring: digestPeriodQuery,
          response: { 200: z.string().describe('application/pdf'), ...errors },
        }),
      },
      async (request, reply) => {
        const end = endDay(request.query);
        const row = await visibleSchedule(ctx.db, request.user!, request.params.type, request.params.id);
        const period = periodOf(row, ctx.now(), end);
        const { document } = await renderFor(ctx, ctx.db, row, period);
        const name = `digest-${row.id}-${period.begin}-${period.end}.pdf`;
        return (
          reply
            .type('application/pdf')
            .header('content-disposition', `attachment; filename="${name}"`)
            // Fastify sends a Buffer as it is; the schema describes the body as the binary string it is.
            .send((await digestPdf(document)) as unknown as string)
        );
      },
    );

    app.post(
      '/digest-reports/:type/:id/send/',
      {
        onRequest,
        schema: secured(
          tag,
          'Send the report now to its addresses (the period ending yesterday, or ?end_date=)',
          {
            params: digestParams,
            querystring: digestPeriodQuery,
            response: { 200: digestSendNowDocument, ...errorResponses(400, 401, 403, 404, 429) },
          },
        ),
      },
      async (request) => {
        const end = endDay(request.query);
        const outcome = await withAudit(ctx, request, 'digest_reports.send', async (trx) => {
          const row = await visibleSchedule(trx, request.user!, request.params.type, request.params.id, true);
          const limited = await sendNowAllowance(ctx, trx, row, ctx.now());
          if (limited) return limited;
          const sent = await sendPeriod(ctx, trx, row, periodOf(row, ctx.now(), end), 'manual');
          return sent ?? detailError(409, 'report_send_failed');
        });
        deliverInBackground(ctx, outcome.outbox);
        return { detail: 'Report sent.', recipients: outcome.recipients, status: outcome.status };
      },
    );
  };
}
