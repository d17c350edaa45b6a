import { fakeJwt } from '../../api/testJwt';
import type { AccessClaims } from '../../../contract/auth';
import type { CurrentUserWire } from '../../../contract/auth';

// Test helpers: tokens with the contract's claims, and the wire document of GET /api/ph/users/{id}/.

export function accessToken(overrides: Partial<AccessClaims> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const claims: AccessClaims = {
    tokenType: 'access',
    exp: now + 300,
    iat: now,
    jti: 'test-jti',
    userId: 7,
    isSupport: false,
    userEmail: 'ana@example.org',
    organizationId: 1,
    subscription_status: 'active',
    lastLogin: null,
    publications: [],
    ...overrides,
  };
  return fakeJwt(claims);
}

export function storeSession(overrides: Partial<AccessClaims> = {}): void {
  localStorage.setItem('tokenAuth', accessToken(overrides));
  localStorage.setItem('refreshToken', 'refresh-1');
}

export function userDocument(overrides: Partial<CurrentUserWire> = {}) {
  const user: CurrentUserWire = {
    id: 7,
    username: 'ana',
    email: 'ana@example.org',
    alerts_email: null,
    groups: [],
    domains: [],
    permissions: [],
    has_2_factor_authentication: false,
    stripe_customer_id: null,
    organization: 1,
    benefits: { domains: 100, campaigns: 1000, campaign_recipients: 100, retention: 30 },
    trial_end_date: null,
    publications: [],
    last_login: null,
    layout_theme: 'primaryTheme',
    language: 'en',
    ...overrides,
  };
  const { id, ...attributes } = user;
  return { data: { type: 'users', id: String(id), attributes } };
}
