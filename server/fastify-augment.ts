import type { Role } from './db/schema';

// The authenticated caller, set by the bearer onRequest hook (modules/auth/bearer.ts); null on public routes.
export type AuthUser = {
  id: number;
  username: string;
  email: string;
  isSupport: boolean;
  organizationId: number | null;
  role: Role;
  /** The access token's subscription_status claim (billing's force_reload compares it with the database). */
  tokenSubscriptionStatus?: string | null;
  /** The organization's subscription_status as stored now ("Cancelled": read-only, docs/BILLING.md). */
  organizationStatus?: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}
