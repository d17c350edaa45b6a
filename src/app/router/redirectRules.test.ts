import { describe, expect, it } from 'vitest';
import {
  afterLoginTarget,
  cancelledRedirect,
  protectedPageDecision,
  type SessionView,
} from './redirectRules';
import type { AppRoute } from './routes';

const anonymous: SessionView = {
  hasStoredToken: false,
  userId: null,
  isLoading: false,
  subscriptionStatus: null,
};
const loggedIn: SessionView = {
  hasStoredToken: true,
  userId: 7,
  isLoading: false,
  subscriptionStatus: 'active',
};
const at = (pathname: string, search = '') => ({ pathname, search });

describe('protectedPageDecision', () => {
  it('sends an anonymous user to /login and remembers the page with its query', () => {
    expect(protectedPageDecision(anonymous, at('/msas/monitoring/alerts', '?page=2'))).toEqual({
      type: 'login',
      to: '/login',
      pendingUrl: '/msas/monitoring/alerts?page=2',
    });
  });

  it('waits instead of redirecting while auth work is loading', () => {
    expect(protectedPageDecision({ ...anonymous, isLoading: true }, at('/msas/analytics/overview'))).toEqual({
      type: 'wait',
    });
  });

  it('accepts a stored token alone or a user id alone', () => {
    const tokenOnly = { ...anonymous, hasStoredToken: true };
    const idOnly = { ...anonymous, userId: 3 };
    expect(protectedPageDecision(tokenOnly, at('/msas/analytics/by_ip')).type).toBe('allow');
    expect(protectedPageDecision(idOnly, at('/msas/analytics/by_ip')).type).toBe('allow');
  });

  it('sends unknown /msas paths and hidden pages to /404', () => {
    expect(protectedPageDecision(loggedIn, at('/msas/nope'))).toEqual({ type: 'notFound', to: '/404' });
    const hidden: AppRoute = {
      id: 'x',
      path: '/msas/settings/x',
      group: 'settings',
      titleKey: 'pages.x',
      enabled: true,
      hidden: true,
      inMenu: true,
    };
    expect(protectedPageDecision(loggedIn, at(hidden.path), hidden)).toEqual({
      type: 'notFound',
      to: '/404',
    });
  });

  it('tolerates a trailing slash', () => {
    expect(protectedPageDecision(loggedIn, at('/msas/settings/account/')).type).toBe('allow');
  });

  it('keeps a Cancelled subscriber on the subscription pages', () => {
    const cancelled = { ...loggedIn, subscriptionStatus: 'Cancelled' };
    expect(protectedPageDecision(cancelled, at('/msas/analytics/overview'))).toEqual({
      type: 'subscription',
      to: '/msas/settings/subscriptions',
    });
    for (const path of ['/msas/settings/subscriptions', '/msas/settings/account', '/msas/settings/billing']) {
      expect(protectedPageDecision(cancelled, at(path)).type).toBe('allow');
    }
  });

  it('lets other subscription states through', () => {
    for (const status of ['active', 'trialing', null]) {
      expect(
        protectedPageDecision({ ...loggedIn, subscriptionStatus: status }, at('/msas/monitoring/reports'))
          .type,
      ).toBe('allow');
    }
  });
});

describe('cancelledRedirect', () => {
  it('allows /contact_us and ignores anonymous users', () => {
    const cancelled = { ...loggedIn, subscriptionStatus: 'Cancelled' };
    expect(cancelledRedirect(cancelled, '/contact_us')).toBeNull();
    expect(
      cancelledRedirect({ ...anonymous, subscriptionStatus: 'Cancelled' }, '/msas/analytics/overview'),
    ).toBeNull();
    expect(cancelledRedirect(cancelled, '/msas/verify_tools/ip_verify')).toBe('/msas/settings/subscriptions');
  });
});

describe('afterLoginTarget', () => {
  it('returns the pending in-app URL, else home', () => {
    expect(afterLoginTarget('/msas/monitoring/alerts?x=1', '/home')).toBe('/msas/monitoring/alerts?x=1');
    expect(afterLoginTarget(null, '/home')).toBe('/home');
    expect(afterLoginTarget('https://evil.example/', '/home')).toBe('/home');
    expect(afterLoginTarget('/login', '/home')).toBe('/home');
  });
});
