import type { FastifyRequest } from 'fastify';
import { detailError } from '../../../lib/errors';
import { billingMessages } from '../../../../contract/billing';

// A Cancelled organization is read-only (docs/BILLING.md, "What a status allows"): every write under /api
// answers 403 with the toast of spec section 4, decided from the organization's stored subscription_status
// (the bearer hook reads it with the user, so no query is added), which the hook also makes Cancelled once a
// self-registered organization's free trial is over (shared/billing-access.ts, docs/BILLING.md). Reads stay open, and so do the calls that
// let the customer pay again or look after their own account. Support is never blocked. Runs as a
// preValidation hook: after the route's authentication, before its body is checked.
const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Route patterns a Cancelled organization may still write to. */
const open = [
  /^\/api\/pg\//, // subscription and billing: checkout, portal, end trial, cancel, resume
  /^\/api\/ph\/2fa\//,
  /^\/api\/ph\/change-password\/$/,
  /^\/api\/ph\/settings\/alerts-email\/$/,
  /^\/api\/ph\/publications\/:id\/seen\/$/,
  /^\/api\/dm\/alerts\/backtest\/$/, // a read sent as POST: nothing is saved
  /^\/api\/rep\/ipVerify\/$/, // a delisting request to the operator, like contact us
];
/** Leaving for good: the owner may still erase the organization and its data. */
const openWrites = new Set(['DELETE /api/ph/organizations/:id/']);
/** The caller's own account (profile, settings, address change, deletion): open when :id is the caller. */
const ownAccount = new Set([
  '/api/ph/users/:id/',
  '/api/ph/users/:id/settings/',
  '/api/ph/users/:id/email-change/',
  '/api/ph/users/:id/delete/',
]);

export const readOnlyError = () => detailError(403, billingMessages.readOnly);

export async function refuseCancelledWrites(request: FastifyRequest): Promise<void> {
  const user = request.user;
  if (!user || user.isSupport || user.organizationStatus !== 'Cancelled') return;
  if (!writes.has(request.method)) return;
  const route = request.routeOptions.url ?? '';
  if (!route.startsWith('/api/') || open.some((pattern) => pattern.test(route))) return;
  if (openWrites.has(`${request.method} ${route}`)) return;
  if (ownAccount.has(route) && (request.params as { id?: string }).id === String(user.id)) return;
  throw readOnlyError();
}
