import type { Db } from '../../db/database';

// What an organization's billing lets it do, for the areas that act on it (docs/BILLING.md): the bearer hook
// and the token (read-only, the SPA's redirect), the current user's trial end, and the scheduled work (digests,
// alerts) that stops while the organization does not pay. "Cancelled" is the stored status of an organization
// whose subscription ended; a self-registered organization that never subscribed is Cancelled as well once its
// free trial (BILLING_TRIAL_DAYS from its creation) is over, while billing is on. A first payment still pending
// (incomplete) does not end the trial's read-only either: only a paid or trialing subscription does.

const DAY_MS = 86_400_000;
/** Stored statuses of an organization that has no paid or trialing subscription. */
const notPaying = [null, 'incomplete'];

export type BillingFacts = {
  self_registered: boolean;
  subscription_status: string | null;
  created_at: Date | string;
};

/** The end of the organization's free trial; null when none applies (billing off, not self-registered, paying). */
export function freeTrialEnd(org: BillingFacts, trialDays: number | undefined): Date | null {
  if (trialDays === undefined || !org.self_registered || !notPaying.includes(org.subscription_status))
    return null;
  return new Date(new Date(org.created_at).getTime() + trialDays * DAY_MS);
}

/** The status access is decided by: the stored one, or Cancelled once a free trial has run out. */
export function accessStatus(org: BillingFacts, trialDays: number | undefined, now: Date): string | null {
  const end = freeTrialEnd(org, trialDays);
  return end !== null && end.getTime() <= now.getTime() ? 'Cancelled' : org.subscription_status;
}

/** Of `ids`, the organizations that are read-only now (their scheduled digests and alerts do not run). */
export async function lapsedOrganizations(
  db: Db,
  ids: number[],
  trialDays: number | undefined,
  now: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'self_registered', 'subscription_status', 'created_at'])
    .where('id', 'in', [...new Set(ids)])
    .where((eb) =>
      eb.or([
        eb('subscription_status', '=', 'Cancelled'),
        eb.and([
          eb('self_registered', '=', true),
          eb.or([eb('subscription_status', 'is', null), eb('subscription_status', '=', 'incomplete')]),
        ]),
      ]),
    )
    .execute();
  return new Set(rows.filter((r) => accessStatus(r, trialDays, now) === 'Cancelled').map((r) => r.id));
}
