import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { listPublicationsFor, seenIds } from '../shared/publications-repo';
import { routeOf } from '../../lib/operation';
import { publicationOps } from '../../../contract/operations/publications';

// Announcements for the caller's organization (and for everyone); mounted under /api/ph.
export function publicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    app.route({
      ...routeOf(app.prefix, publicationOps.list),
      onRequest,
      handler: async (request) => {
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
    });

    app.route({
      ...routeOf(app.prefix, publicationOps.seen),
      onRequest,
      handler: (request) =>
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
    });
  };
}
