import { contactPath, findRoute, loginPath, notFoundPath, subscriptionsPath, type AppRoute } from './routes';

// Redirect rules of spec sections 2, 4 and 6, as pure functions of what the guard can see.

export type SessionView = {
  hasStoredToken: boolean;
  userId: number | null;
  /** Any auth work in flight (login, current user load). */
  isLoading: boolean;
  /** subscription_status claim of the access token. */
  subscriptionStatus: string | null | undefined;
};

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'wait' }
  | { type: 'login'; to: string; pendingUrl: string }
  | { type: 'subscription'; to: string }
  | { type: 'notFound'; to: string };

/** Pages a user with a Cancelled subscription may still open (spec section 4). */
export const cancelledAllowedPaths: readonly string[] = [
  subscriptionsPath,
  '/msas/settings/account',
  '/msas/settings/billing',
  contactPath,
];

export function isLoggedIn(session: Pick<SessionView, 'hasStoredToken' | 'userId'>): boolean {
  return session.hasStoredToken || session.userId !== null;
}

export function isCancelled(status: string | null | undefined): boolean {
  return typeof status === 'string' && status.toLowerCase() === 'cancelled';
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** A logged-in user with a Cancelled subscription is kept to the subscription-related pages. */
export function cancelledRedirect(session: SessionView, pathname: string): string | null {
  if (!isLoggedIn(session) || !isCancelled(session.subscriptionStatus)) return null;
  return cancelledAllowedPaths.includes(normalise(pathname)) ? null : subscriptionsPath;
}

/** Where a protected page (anything under /msas) sends the user, if anywhere. */
export function protectedPageDecision(
  session: SessionView,
  location: { pathname: string; search: string },
  route: AppRoute | undefined = findRoute(location.pathname),
): GuardDecision {
  if (!route || route.hidden) return { type: 'notFound', to: notFoundPath };
  if (!isLoggedIn(session)) {
    if (session.isLoading) return { type: 'wait' };
    return { type: 'login', to: loginPath, pendingUrl: `${location.pathname}${location.search}` };
  }
  const cancelled = cancelledRedirect(session, location.pathname);
  if (cancelled) return { type: 'subscription', to: cancelled };
  return { type: 'allow' };
}

/** After login: the remembered page if it is a safe in-app path, else the overview. */
export function afterLoginTarget(pendingUrl: string | null, home: string): string {
  if (!pendingUrl || !pendingUrl.startsWith('/msas/') || pendingUrl.startsWith('//')) return home;
  return pendingUrl;
}
