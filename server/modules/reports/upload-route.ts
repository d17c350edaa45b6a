import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { fieldError, forbidden } from '../../lib/errors';
import { isAdminOf, isSupport } from '../../lib/permissions';
import { ingestFile, rejected } from '../../ingest/ingest-file';
import type { FileResult } from '../../ingest/types';
import { withAudit } from '../audit/with-audit';
import { requireAuth } from '../auth/bearer';
import { secured } from '../organizations/route-schema';
import { reportErrors, uploadBody, uploadResponse } from './schemas';

// POST /api/dm/dmarc/reports/upload/: multipart, the files in the repeated field `files` (the SPA adds a
// repeated `filenames` text field naming them in the same order). Each file gets its own result; each
// report its own transaction, so one bad file never undoes another. Owners and admins upload reports for
// their organization's domains, verified or pending: an upload by a member counts as addressed to the
// organization (the member holds the file). Support users' uploads are routed by name, like the CLI's.

export const maxUploadFileBytes = 50 * 1024 * 1024;
export const maxUploadFiles = 100;

type ErrorResult = Omit<FileResult, 'status'> & { status: 'error' };

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export function uploadRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/dmarc/reports/upload/',
      {
        onRequest: requireAuth(ctx),
        config: { multipartOptions: { limits: { fileSize: maxUploadFileBytes, files: maxUploadFiles } } },
        schema: secured(
          'reports',
          'Upload report files (multipart field files, repeated); one result per file',
          {
            consumes: ['multipart/form-data'],
            body: uploadBody,
            response: { 200: uploadResponse, ...reportErrors },
          },
        ),
      },
      async (request) => {
        const user = request.user!;
        const support = isSupport(user);
        if (!support && !isAdminOf(user, user.organizationId)) throw forbidden();
        const body = request.body as Record<string, unknown>;
        const files = asList(body.files as Buffer | Buffer[] | undefined).filter((f) => Buffer.isBuffer(f));
        if (files.length === 0) throw fieldError('files', 'No file was submitted.');
        const names = asList(body.filenames as string | string[] | undefined);
        const results: (FileResult | ErrorResult)[] = [];
        for (const [i, bytes] of files.entries()) {
          const name = typeof names[i] === 'string' && names[i] ? names[i] : `file-${i + 1}`;
          try {
            const org = user.organizationId!;
            const options = support ? {} : { onlyOrganization: org, addressedTo: [org] };
            results.push((await ingestFile(ctx.db, { name, bytes, source: 'upload' }, options)).result);
          } catch (err) {
            request.log.error({ err, file: name }, 'report upload: storing failed');
            results.push({
              ...rejected(name, 'Internal error while storing the report; try again.'),
              status: 'error',
            });
          }
        }
        const meta = { imported: 0, duplicate: 0, rejected: 0, error: 0 };
        for (const r of results) meta[r.status] += 1;
        // The reports are committed one by one above; the audit row records what the upload did (not the bytes).
        request.body = { files: results.map((r) => ({ file: r.file, status: r.status })) };
        return withAudit(ctx, request, 'reports.upload', async () => ({ data: results, meta }));
      },
    );
  };
}
