import type { FastifyRequest } from 'fastify';
import type { AuditOperationName } from '../../../contract/audit';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { sanitize } from '../../lib/sanitize';
import { insertAuditOperation, organizationExists } from './audit-repo';

export type AuditScope = { userId: number | null; organizationId: number | null };

// Every mutating route runs its work through this: one transaction holding the work and its audit row.
// - fn returns a value: audited with `status`, committed, returned.
// - fn returns an AppError: its side effects (e.g. a counted failed attempt, a revoked token family) and the
//   audit row are committed, then the error is thrown to the client.
// - fn throws: rolled back; an audit row with the error status is written on its own, the error rethrown.
export async function withAudit<T>(
  ctx: AppContext,
  request: FastifyRequest,
  name: AuditOperationName,
  fn: (trx: Db, scope: AuditScope) => Promise<T | AppError>,
  options: { status?: number } = {},
): Promise<T> {
  const scope: AuditScope = {
    userId: request.user?.id ?? null,
    organizationId: request.user?.organizationId ?? null,
  };
  const auditRequest = {
    method: request.method,
    path: request.url.split('?')[0],
    ip: request.ip,
    body: sanitize(request.body ?? {}),
  };
  const entry = (status: number) => ({
    name,
    user_id: scope.userId,
    organization_id: scope.organizationId,
    request: auditRequest,
    response_status: status,
  });

  let result: T | AppError;
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const value = await fn(trx, scope);
      const status = value instanceof AppError ? value.status : (options.status ?? 200);
      // The work may have deleted the caller's organization (organization or account deletion).
      if (scope.organizationId !== null && !(await organizationExists(trx, scope.organizationId)))
        scope.organizationId = null;
      await insertAuditOperation(trx, entry(status));
      return value;
    });
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    await insertAuditOperation(ctx.db, entry(status)).catch((auditError: unknown) =>
      request.log.error({ err: auditError }, 'audit write failed'),
    );
    throw error;
  }
  if (result instanceof AppError) throw result;
  return result;
}
