import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/schemas';
import { withAudit } from '../shared/with-audit';
import {
  digestUnsubscribeBody,
  digestUnsubscribeDocument,
  digestUnsubscribeQuery,
} from '../../../contract/digests';
import { readUnsubscribeToken } from './unsubscribe';

// The link at the foot of every digest (no sign-in: the signed token is the proof). GET answers a small page
// with a button, because mail scanners open links; the button, or a mail client's one-click unsubscribe
// (RFC 8058), POSTs, and the address leaves the report's destination addresses.

const invalid = () => new AppError(400, { token: ['This link is not valid.'] });
const unsubscribed = 'You will not receive this report any more.';

const page = (action: string, token: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Unsubscribe</title></head>` +
  `<body style="font-family:Arial,sans-serif;margin:2rem;"><form method="post" action="${action}">` +
  `<input type="hidden" name="token" value="${token.replace(/[^A-Za-z0-9._-]/g, '')}">` +
  '<p>Stop receiving this report? / Deixar de receber este relatório?</p>' +
  '<button type="submit">Unsubscribe / Cancelar inscrição</button></form></body></html>';

export function digestUnsubscribeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/digest-reports/unsubscribe/',
      {
        schema: {
          tags: ['digest-reports'],
          summary: 'The unsubscribe link of a digest mail: a page that confirms with a POST',
          querystring: digestUnsubscribeQuery,
          response: { 200: z.string().describe('text/html'), ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        if (!readUnsubscribeToken(ctx.config.jwtSecret, token)) throw invalid();
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page('/api/dm/digest-reports/unsubscribe/', token));
      },
    );

    app.post(
      '/digest-reports/unsubscribe/',
      {
        schema: {
          tags: ['digest-reports'],
          summary:
            'Remove the address of a signed unsubscribe token from its report (RFC 8058 one-click too)',
          querystring: digestUnsubscribeQuery,
          body: digestUnsubscribeBody,
          response: { 200: digestUnsubscribeDocument, ...errorResponses(400) },
        },
      },
      async (request) => {
        const token = request.body?.token ?? request.query.token ?? '';
        const u = readUnsubscribeToken(ctx.config.jwtSecret, token);
        if (!u) throw invalid();
        await withAudit(ctx, request, 'digest_reports.unsubscribe', async (trx) => {
          await trx
            .updateTable('digest_schedules')
            .set({ destination_addresses: sql`array_remove(destination_addresses, ${u.address})` })
            .where('organization_id', '=', u.organizationId)
            .where('id', '=', u.scheduleId)
            .execute();
          return null;
        });
        return { detail: unsubscribed };
      },
    );
  };
}
