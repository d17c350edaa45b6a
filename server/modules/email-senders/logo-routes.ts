import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { routeOf } from '../../lib/operation';
import { binaryBody } from '../../../contract/upload';
import { logoTypes, readLogo } from './logo';
import { logoOf, setLogo } from './repo';
import { senderParams } from '../../../contract/email-senders';
import { emailSenderOps as ops } from '../../../contract/operations/email-senders';
import { errorResponses } from '../../lib/schemas';
import { assertCanManage, existing, senderDocument } from './service';

const senderErrors = errorResponses(400, 401, 403, 404);

// Logo upload (multipart field "file", or JSON {file: data URL}) and removal, support only; the logo itself
// is public and cacheable for good, since its URL changes with every new logo (?v=).

export function emailSenderLogoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The logo itself (public image bytes, not JSON) answers at the path its upload and removal use.
    const { url } = routeOf(app.prefix, ops.deleteLogo);
    const tag = 'email-senders';
    const manage = [requireAuth(ctx), async (request: FastifyRequest) => assertCanManage(request.user!)];

    app.get(
      url,
      {
        schema: {
          tags: [tag],
          summary: 'The logo of an email sender (image bytes; public)',
          params: senderParams,
          response: {
            200: {
              description: 'The logo as stored: PNG, JPEG, WebP or GIF',
              content: Object.fromEntries(logoTypes.map((type) => [type, { schema: binaryBody }])),
            },
            ...senderErrors,
          },
        },
      },
      async (request, reply) => {
        const logo = await logoOf(ctx.db, request.params.id);
        if (!logo?.logo || !logo.logo_mime) throw notFound();
        return (
          reply
            .header('content-type', logo.logo_mime)
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('content-security-policy', "default-src 'none'")
            // Bytes go out as they are; the schema documents them as a binary string.
            .send(logo.logo as unknown as string)
        );
      },
    );

    app.route({
      ...routeOf(app.prefix, ops.uploadLogo),
      onRequest: manage,
      handler: (request) => {
        const file = request.body.file;
        // The audit row records the upload's size, not its bytes.
        const size = Buffer.isBuffer(file) || typeof file === 'string' ? file.length : 0;
        request.body = { file: `[${size} bytes]` };
        return withAudit(ctx, request, 'email_senders.logo.update', async (trx) => {
          await existing(trx, request.params.id);
          const logo = readLogo(file);
          if (logo instanceof AppError) return logo;
          await setLogo(trx, request.params.id, logo);
          return senderDocument(trx, request.params.id);
        });
      },
    });

    app.route({
      ...routeOf(app.prefix, ops.deleteLogo),
      onRequest: manage,
      handler: async (request, reply) => {
        await withAudit(
          ctx,
          request,
          'email_senders.logo.delete',
          async (trx) => {
            await existing(trx, request.params.id);
            await setLogo(trx, request.params.id, null);
            return null;
          },
          { status: 204 },
        );
        return reply.code(204).send(null);
      },
    });
  };
}
