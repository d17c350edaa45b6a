import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../../../contract/billing';

// What a plan allows is written on its Stripe product as metadata (docs/BILLING.md, "Products"): whole numbers
// under these keys; a key left out falls back to the defaults of spec section 9 (server/modules/shared/roles.ts).
export const benefitKeys = [
  'domains',
  'campaigns',
  'campaign_recipients',
  'retention',
  'organization_members_limit',
  'alerts',
  'digest_reports',
  'dns_zones',
] as const;

export function benefitsOf(metadata: Stripe.Metadata | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of benefitKeys) {
    const raw = metadata?.[key];
    if (raw !== undefined && /^\d{1,9}$/.test(raw.trim())) out[key] = Number(raw.trim());
  }
  return out;
}

/** Trial days of a first checkout: the price's metadata trial_days, else the product's; none when absent or 0. */
export function trialDaysOf(product: Stripe.Product, price: Stripe.Price): number | null {
  const raw = price.metadata.trial_days ?? product.metadata.trial_days;
  if (raw === undefined || !/^\d{1,3}$/.test(raw.trim())) return null;
  const days = Number(raw.trim());
  return days > 0 && days <= 730 ? days : null;
}

/**
 * Status to access (docs/BILLING.md, "What a status allows"): trialing and active full; past_due full with a
 * banner; canceled, unpaid and incomplete_expired end access (the token's subscription_status "Cancelled",
 * read-only, the redirect of spec section 4). paused (a trial ended without a card) ends it too: nothing is
 * being paid. incomplete (the first payment pending) keeps what the organization had.
 */
export function accessOf(status: string): 'full' | 'past_due' | 'cancelled' {
  if (status === 'past_due') return 'past_due';
  return ['canceled', 'unpaid', 'incomplete_expired', 'paused'].includes(status) ? 'cancelled' : 'full';
}

/** The token's subscription_status for an organization whose subscription has this Stripe status. */
export function claimStatusOf(status: SubscriptionStatus | string): string {
  return accessOf(status) === 'cancelled' ? 'Cancelled' : status;
}

/** Statuses that are being paid (or in a trial): one of these decides access before any other. */
export const payingStatuses = ['trialing', 'active', 'past_due'];

/** Statuses Stripe can still move on its own: the nightly reconciliation re-reads these. */
export const liveStatuses = ['incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused'];
