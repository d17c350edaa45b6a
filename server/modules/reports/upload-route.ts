import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { Busy, formatSize } from '../../dmarc/limits';
import { AppError, detailError, fieldError, forbidden } from '../../lib/errors';
import { MemoryBudget, type Lease } from '../../lib/memory-budget';
import { isAdminOf, isSupport } from '../../lib/permissions';
import { ingestFile, rejected } from '../../ingest/ingest-file';
import { retentionLookup, withRetentionNote } from '../../ingest/retention-note';
import type { FileResult } from '../../ingest/types';
import { withAudit } from '../shared/with-audit';
import { requireAuth } from '../auth';
import { routeOf } from '../../lib/operation';
// The upload also answers 411 (no Content-Length), 413 (beyond UPLOAD_MEMORY_MB) and 429 (memory busy).
import { reportOps } from '../../../contract/operations/reports';

// POST /api/dm/dmarc/reports/upload/: multipart, the files in the repeated field `files` (the SPA adds a
// repeated `filenames` text field naming them in the same order). Each file gets its own result; each
// report its own transaction, so one bad file never undoes another. Owners and admins upload reports for
// their organization's domains, verified or pending: an upload by a member counts as addressed to the
// organization (the member holds the file). Support users' uploads are routed by name, like the CLI's.
// Memory: all uploads of the process share UPLOAD_MEMORY_MB (docs/INGESTION.md). A request takes its
// Content-Length before its body is read, and each file the bytes it inflates while it is parsed and
// stored; when others hold the rest, the answer is 429 with Retry-After.

export const maxUploadFileBytes = 50 * 1024 * 1024;
export const maxUploadFiles = 100;
/** Seconds a client is asked to wait when the upload memory is taken: an upload takes seconds at most. */
export const uploadRetrySeconds = 5;

type ErrorResult = Omit<FileResult, 'status'> & { status: 'error' };

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const busy = () =>
  detailError(
    429,
    'upload_busy',
    { seconds: uploadRetrySeconds },
    { 'retry-after': String(uploadRetrySeconds) },
  );

/** Requests whose handler runs: it gives their memory back itself when it ends. */
const handling = new WeakSet<FastifyRequest>();

/** Takes the request's declared size from the shared budget before its body is read; given back at the end. */
function reserve(budget: MemoryBudget, leases: WeakMap<FastifyRequest, Lease>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const declared = Number(request.headers['content-length']);
    if (!Number.isInteger(declared) || declared < 0) throw detailError(411, 'content_length_required');
    const lease = budget.lease();
    const taken = lease.take(declared);
    if (taken === 'too-big') {
      throw detailError(413, 'upload_too_large', { size: formatSize(budget.total) });
    }
    if (taken === 'busy') throw busy();
    leases.set(request, lease);
    // Given back when the response is done, unless the handler runs: then it gives it back itself when it
    // ends (a client that goes away does not stop the parsing under way).
    reply.raw.once('close', () => {
      if (!handling.has(request)) lease.releaseTo();
    });
  };
}

export function uploadRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const budget = new MemoryBudget(ctx.config.uploadMemoryBytes);
    const leases = new WeakMap<FastifyRequest, Lease>();
    app.route({
      ...routeOf(app.prefix, reportOps.upload),
      onRequest: [requireAuth(ctx), reserve(budget, leases)],
      config: { multipartOptions: { limits: { fileSize: maxUploadFileBytes, files: maxUploadFiles } } },
      handler: async (request) => {
        handling.add(request);
        const lease = leases.get(request)!;
        try {
          return await upload(ctx, request, lease);
        } finally {
          lease.releaseTo();
        }
      },
    });
  };
}

async function upload(ctx: AppContext, request: FastifyRequest, lease: Lease) {
  const user = request.user!;
  const support = isSupport(user);
  if (!support && !isAdminOf(user, user.organizationId)) throw forbidden();
  const body = request.body as Record<string, unknown>;
  const files = asList(body.files as Buffer | Buffer[] | undefined).filter((f) => Buffer.isBuffer(f));
  if (files.length === 0) throw fieldError('files', 'no_file');
  const names = asList(body.filenames as string | string[] | undefined);
  const results: (FileResult | ErrorResult)[] = [];
  const retention = retentionLookup(ctx.db);
  let refused: AppError | null = null;
  for (const [i, bytes] of files.entries()) {
    const name = typeof names[i] === 'string' && names[i] ? names[i] : `file-${i + 1}`;
    const mark = lease.bytes;
    try {
      const org = user.organizationId!;
      const options = support ? {} : { onlyOrganization: org, addressedTo: [org] };
      const file = { name, bytes, source: 'upload' as const };
      const { result, reports } = await ingestFile(ctx.db, file, { ...options, memory: lease });
      const owner = support ? undefined : org;
      results.push(await withRetentionNote(result, reports, retention, ctx.now(), owner));
    } catch (err) {
      if (err instanceof Busy) {
        refused = busy();
        break;
      }
      request.log.error({ err, file: name }, 'report upload: storing failed');
      results.push({
        ...rejected(name, 'Internal error while storing the report; try again.'),
        status: 'error',
      });
    } finally {
      // The file's inflated bytes (and its parsed reports) are gone once it is stored.
      lease.releaseTo(mark);
    }
  }
  const meta = { imported: 0, duplicate: 0, rejected: 0, error: 0 };
  for (const r of results) meta[r.status] += 1;
  // The reports are committed one by one above; the audit row records what the upload did (not the bytes).
  request.body = { files: results.map((r) => ({ file: r.file, status: r.status })) };
  return withAudit(ctx, request, 'reports.upload', async () => refused ?? { data: results, meta });
}
