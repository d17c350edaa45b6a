import { z } from 'zod';
import { blankMessage, text } from './fields';

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

// POST /api/ph/authenticate/ answers both tokens; refresh answers access (and the rotated refresh).
export const authenticateResponseSchema = z.object({ access: z.string(), refresh: z.string() });
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;
export const refreshResponseSchema = z.object({ access: z.string(), refresh: z.string().optional() });

export const defaultBenefits = {
  domains: 100,
  campaigns: 1000,
  campaignRecipients: 100,
  retention: 30,
  /** Alert rules an organization may hold (server/modules/alerts/rules.ts). */
  alerts: 50,
  /** Scheduled digest reports an organization may keep (docs/DIGESTS.md). */
  digestReports: 20,
  /** DNS zones an organization may host (server/modules/dns/zones.ts). */
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
  language: z.enum(['en', 'pt']),
});
export type CurrentUserWire = z.infer<typeof currentUserSchema>;

// Sign-in (form posts or JSON; same fields either way), the recovery-code sign-in, refresh and two-factor.
export const authenticateBody = z.object({
  username: text(),
  password: z.string().min(1, blankMessage),
  code: z.string().optional(),
});
export const recoveryBody = z.object({
  username: text(),
  password: z.string().min(1, blankMessage),
  recovery_code: text(64),
});
export const refreshBody = z.object({ refresh: text(512) });
export const codeBody = z.object({ code: text(64) });
export const setupStartDocument = z.object({
  config_url: z.string(),
  secret: z.string(),
  qr_code: z.string(),
});
export const setupConfirmDocument = z.object({ recovery_codes: z.array(z.string()) });
export const emptyDocument = z.object({});
