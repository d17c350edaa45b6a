import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { notAuthenticated, tokenNotValid } from '../../lib/errors';
import { accessStatus } from '../shared/billing-access';
import { findSessionUser } from '../shared/users-repo';
import { verifyAccessToken } from './jwt';

// onRequest hook for protected routes (before body validation, so a missing token is 401, not 400): "Authorization: Bearer <access JWT>" (RFC 6750 section 2.1) of an active user.
export function requireAuth(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (!header) throw notAuthenticated();
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw tokenNotValid();
    const result = await verifyAccessToken(token, ctx.config.jwtSecret, ctx.now());
    if (!result.ok) throw tokenNotValid();
    const user = await findSessionUser(ctx.db, result.claims.userId);
    if (!user || !user.is_active) throw tokenNotValid();
    request.user = {
      id: user.id,
      username: user.username,
      email: user.email,
      isSupport: user.is_support,
      organizationId: user.organization_id,
      role: user.role,
      tokenSubscriptionStatus: result.claims.subscription_status,
      // What access is decided by (billing/subscriptions/read-only.ts): the stored status, or Cancelled
      // after a free trial.
      organizationStatus:
        user.organization_created_at === null
          ? null
          : accessStatus(
              {
                self_registered: user.organization_self_registered ?? false,
                subscription_status: user.organization_status,
                created_at: user.organization_created_at,
              },
              ctx.config.billing?.trialDays,
              ctx.now(),
            ),
    };
  };
}
