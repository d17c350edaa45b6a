import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../lib/schemas';
import { currentRecordDocuments, domainDkimDocument, domainIpsDocument } from '../../../contract/domain-info';
import { requireAuth } from '../auth';
import { visibleDomain } from '../analysis';
import { secured } from '../../lib/route-schema';
import { currentRecord, dkimSignatures, domainIps } from './service';

// Mounted under /api/dm: Domain Info of one registered domain by name (checks contract 5); a domain the
// caller cannot see is 404.

const params = z.object({ name: z.string().min(1).max(253) });
const query = z.object({ organization: z.coerce.number().int().positive().max(2_147_483_647).optional() });
const errors = errorResponses(400, 401, 403, 404);
export function domainInfoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = requireAuth(ctx);
    const find = (
      name: string,
      organization: number | undefined,
      user: Parameters<typeof visibleDomain>[1],
    ) => visibleDomain(ctx.db, user, { name: decodeURIComponent(name) }, organization);
    const schema = (summary: string, response: z.ZodType) =>
      secured('domain-info', summary, { params, querystring: query, response: { 200: response, ...errors } });

    for (const system of ['dmarc', 'spf'] as const) {
      app.get(
        `/domains/:name/${system}-record/`,
        {
          onRequest,
          schema: schema(
            `The ${system.toUpperCase()} record found by the last check`,
            currentRecordDocuments[system],
          ),
        },
        async (request) =>
          currentRecord(
            ctx.db,
            await find(request.params.name, request.query.organization, request.user!),
            system,
          ),
      );
    }
    app.get(
      '/domains/:name/ips/',
      {
        onRequest,
        schema: schema('Addresses of the domain (A, AAAA) and of its MX hosts', domainIpsDocument),
      },
      async (request) =>
        domainIps(ctx.db, await find(request.params.name, request.query.organization, request.user!)),
    );
    app.get(
      '/domains/:name/dkim-signatures/',
      {
        onRequest,
        schema: schema('DKIM selectors seen in reports and in DNS, with their keys', domainDkimDocument),
      },
      async (request) =>
        dkimSignatures(ctx.db, await find(request.params.name, request.query.organization, request.user!)),
    );
  };
}
