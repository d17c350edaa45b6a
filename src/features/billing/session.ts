import { refreshSession } from '../../api/client';
import { fetchCurrentUser, type CurrentUser, decodeClaims } from '../auth';
import type { Subscription } from './billingApi';

/**
 * The subscription says the token's subscription_status is stale (force_reload): refresh the token now so
 * the redirect rules (spec section 4) see the new status, and reload the current user for its trial end.
 */
export async function reloadSessionIfStale(subscription: Subscription | null): Promise<CurrentUser | null> {
  if (!subscription?.attributes.forceReload) return null;
  const access = await refreshSession();
  const claims = decodeClaims(access);
  return claims ? fetchCurrentUser(claims.userId) : null;
}
