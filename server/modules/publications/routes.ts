import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/schemas';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { secured } from '../../lib/route-schema';
import { idParams } from '../../../contract/organizations';
import { detailDocument, publicationListDocument } from '../../../contract/publications';
import { listPublicationsFor, seenIds } from '../shared/publications-repo';

// Announcements for the caller's organization (and for everyone); mounted under /api/ph.
export function publicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    app.get(
      '/publications/',
      {
        onRequest,
        schema: secured('publications', "Publications for the caller's organization, with a seen flag", {
          response: { 200: publicationListDocument, ...errorResponses(401) },
        }),
      },
      async (request) => {
        const user = request.user!;
        const rows = await listPublicationsFor(ctx.db, user.organizationId, undefined, 100);
        const seen = await seenIds(ctx.db, user.id);
        return {
          data: rows.map((r) => ({
            type: 'publications' as const,
            id: r.id,
            attributes: {
              title: r.title,
              body: r.body,
              created_at: new Date(r.created_at).toISOString(),
              seen: seen.has(r.id),
            },
          })),
        };
      },
    );

    app.post(
      '/publications/:id/seen/',
      {
        onRequest,
        schema: secured(
          'publications',
          'Mark a publication seen: it leaves the token claim and the current user',
          {
            params: idParams,
            response: { 200: detailDocument, ...errorResponses(401, 404) },
          },
        ),
      },
      (request) =>
        withAudit(ctx, request, 'publications.seen', async (trx) => {
          const user = request.user!;
          const row = await trx
            .selectFrom('publications')
            .select(['id', 'organization_id'])
            .where('id', '=', request.params.id)
            .executeTakeFirst();
          if (!row || (row.organization_id !== null && row.organization_id !== user.organizationId))
            throw notFound();
          await trx
            .insertInto('publication_seen')
            .values({ user_id: user.id, publication_id: row.id })
            .onConflict((oc) => oc.doNothing())
            .execute();
          return { detail: 'Publication marked as seen.' };
        }),
    );
  };
}
