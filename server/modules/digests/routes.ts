import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { detailError, fieldError } from '../../lib/errors';
import { routeOf } from '../../lib/operation';
import { isCalendarDay } from '../../lib/schemas';
import { deliverInBackground } from '../../mail/app-mail';
import { requireAuth } from '../auth';
import { withAudit } from '../shared/with-audit';
import { digestOps } from '../../../contract/operations/digests';
import { digestPdf } from './pdf';
import { periodOf, renderFor, sendPeriod } from './send';
import { sendNowAllowance } from './send-now';
import { create, list, remove, sendsOf, update, visibleSchedule, resourceOf } from './service';

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

    app.route({
      ...routeOf(app.prefix, digestOps.list),
      onRequest,
      handler: (request) => list(ctx.db, request.user!, request.query, request.url, ctx.now()),
    });

    app.route({
      ...routeOf(app.prefix, digestOps.create),
      onRequest,
      handler: async (request, reply) => {
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
    });

    app.route({
      ...routeOf(app.prefix, digestOps.read),
      onRequest,
      handler: async (request) => {
        const row = await visibleSchedule(ctx.db, request.user!, request.params.type, request.params.id);
        return { data: await resourceOf(ctx.db, row, ctx.now()) };
      },
    });

    app.route({
      ...routeOf(app.prefix, digestOps.update),
      onRequest,
      handler: async (request) => {
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
    });

    app.route({
      ...routeOf(app.prefix, digestOps.delete),
      onRequest,
      handler: async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'digest_reports.delete',
          (trx) => remove(trx, request.user!, request.params.type, request.params.id),
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    });

    app.route({
      ...routeOf(app.prefix, digestOps.sends),
      onRequest,
      handler: (request) =>
        sendsOf(ctx.db, request.user!, request.params.type, request.params.id, request.query, request.url),
    });

    app.route({
      ...routeOf(app.prefix, digestOps.preview),
      onRequest,
      handler: async (request) => {
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
    });

    app.route({
      ...routeOf(app.prefix, digestOps.pdf),
      onRequest,
      handler: async (request, reply) => {
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
    });

    app.route({
      ...routeOf(app.prefix, digestOps.send),
      onRequest,
      handler: async (request) => {
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
    });
  };
}
