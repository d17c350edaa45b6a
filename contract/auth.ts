import { z } from 'zod';
import { blankMessage, text } from './fields';
import { answerExample, bodyExample, sample } from './example';

// Decoded access token: spec section 3 "Auth token data", plus lastLogin and publications.
export const accessClaimsSchema = z.object({
  tokenType: z.literal('access'),
  exp: z.number().int(),
  iat: z.number().int(),
  jti: z.string(),
  userId: z.number().int(),
  isSupport: z.boolean(),
  userEmail: z.string(),
  organizationId: z.number().int().nullable(),
  subscription_status: z.string().nullable(),
  lastLogin: z.string().nullable(),
  publications: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export const tokenStorageKeys = { access: 'tokenAuth', refresh: 'refreshToken' } as const;

// Made-up tokens for the examples: a JWT's shape, no key signs them.
export const accessExample =
  'eyJhbGciOiJIUzI1NiJ9.eyJ0b2tlblR5cGUiOiJhY2Nlc3MiLCJ1c2VySWQiOjd9.ZXhhbXBsZS1vbmx5';
export const refreshExample =
  'eyJhbGciOiJIUzI1NiJ9.eyJ0b2tlblR5cGUiOiJyZWZyZXNoIiwidXNlcklkIjo3fQ.ZXhhbXBsZS1vbmx5';

// POST /api/ph/authenticate/ answers both tokens; refresh answers access (and the rotated refresh).
export const authenticateResponseSchema = answerExample(
  z.object({ access: z.string(), refresh: z.string() }),
  { access: accessExample, refresh: refreshExample },
);
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;
export const refreshResponseSchema = answerExample(
  z.object({ access: z.string(), refresh: z.string().optional() }),
  { access: accessExample, refresh: refreshExample },
);

export const defaultBenefits = {
  domains: 100,
  campaigns: 1000,
  campaignRecipients: 100,
  retention: 30,
  /** Alert rules an organization may hold (server/modules/alerts/rules/rules.ts). */
  alerts: 50,
  /** Scheduled digest reports an organization may keep (docs/DIGESTS.md). */
  digestReports: 20,
  /** DNS zones an organization may host (server/modules/dns/zones/zones.ts). */
  dnsZones: 20,
} as const;

export const benefitsSchema = z.object({
  domains: z.number().int(),
  campaigns: z.number().int(),
  campaign_recipients: z.number().int(),
  retention: z.number().int(),
  organization_members_limit: z.number().int().optional(),
  alerts: z.number().int().optional(),
  digest_reports: z.number().int().optional(),
  dns_zones: z.number().int().optional(),
});

// Current user (GET /api/ph/users/{id}/), snake_case on the wire; the SPA camelCases it.
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  alerts_email: z.string().nullable(),
  groups: z.array(z.object({ label: z.string(), value: z.number().int() })),
  domains: z.array(z.string()),
  permissions: z.array(z.string()),
  has_2_factor_authentication: z.boolean(),
  stripe_customer_id: z.string().nullable(),
  organization: z.number().int().nullable(),
  benefits: benefitsSchema,
  trial_end_date: z.string().nullable(),
  publications: z.array(z.object({ id: z.number().int(), title: z.string() })),
  last_login: z.string().nullable(),
  layout_theme: z.enum(['primaryTheme', 'carrierTheme']),
  /** null: never chosen; the console then stores the language its login page was in. */
  language: z.enum(['en', 'pt']).nullable(),
});
export const currentUserExample: z.output<typeof currentUserSchema> = {
  id: 7,
  username: 'ana',
  email: 'ana@example.com',
  alerts_email: 'dmarc-alerts@example.com',
  groups: [{ label: 'owner', value: 1 }],
  domains: [sample.domain, sample.otherDomain],
  permissions: ['domains.add', 'domains.delete', 'reports.upload'],
  has_2_factor_authentication: true,
  stripe_customer_id: null,
  organization: 4,
  benefits: {
    domains: 100,
    campaigns: 1000,
    campaign_recipients: 100,
    retention: 30,
    organization_members_limit: 10,
    alerts: 50,
    digest_reports: 20,
  },
  trial_end_date: null,
  publications: [{ id: 2, title: 'TLS reports are here' }],
  last_login: sample.time,
  layout_theme: 'primaryTheme',
  language: 'en',
};
export type CurrentUserWire = z.infer<typeof currentUserSchema>;

// Sign-in (form posts or JSON; same fields either way), the recovery-code sign-in, refresh and two-factor.
export const authenticateBody = bodyExample(
  z.object({
    username: text(),
    password: z.string().min(1, blankMessage),
    code: z.string().optional(),
  }),
  { username: 'ana', password: 'correct horse battery staple', code: '123456' },
);
export const recoveryBody = bodyExample(
  z.object({
    username: text(),
    password: z.string().min(1, blankMessage),
    recovery_code: text(64),
  }),
  { username: 'ana', password: 'correct horse battery staple', recovery_code: 'k3v9-7qxm-2d8p' },
);
export const refreshBody = bodyExample(z.object({ refresh: text(512) }), { refresh: refreshExample });
export const codeBody = bodyExample(z.object({ code: text(64) }), { code: '123456' });
export const setupStartDocument = answerExample(
  z.object({
    config_url: z.string(),
    secret: z.string(),
    qr_code: z.string(),
  }),
  {
    config_url: 'otpauth://totp/msas:ana?secret=JBSWY3DPEHPK3PXP&issuer=msas',
    secret: 'JBSWY3DPEHPK3PXP',
    qr_code:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  },
);
export const setupConfirmDocument = answerExample(z.object({ recovery_codes: z.array(z.string()) }), {
  recovery_codes: ['k3v9-7qxm-2d8p', 'w4tz-9hbc-6nra', 'p8fd-3ks2-qm7v'],
});
export const emptyDocument = answerExample(z.object({}), {});
