import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { BillingInvoicesTable, BillingSubscriptionsTable } from '../../db/schema-billing';
import type { Insertable } from 'kysely';
import { liveStatuses, payingStatuses } from './subscriptions/plan';

// Which subscription decides: a paid (or trialing) one first, then one Stripe still runs (a first payment
// pending, unpaid, paused), then the ended ones; the newest first within each. A second, unpaid subscription
// never takes the place of the one being paid.
const deciding = sql`case when status in (${sql.join(payingStatuses)}) then 0 when status in (${sql.join(
  liveStatuses,
)}) then 1 else 2 end`;

// Rows of migration 0050: every read of a tenant table names the organization.
export function organizationByCustomer(db: Db, customerId: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'stripe_customer_id'])
    .where('stripe_customer_id', '=', customerId)
    .executeTakeFirst();
}

/** The organization's row, locked until the transaction ends: one organization's billing changes one at a time. */
export function lockOrganization(db: Db, id: number) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setStripeCustomer(db: Db, organizationId: number, customerId: string): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ stripe_customer_id: customerId })
    .where('id', '=', organizationId)
    .execute();
}

export function subscriptionByStripeId(db: Db, stripeId: string) {
  return db
    .selectFrom('billing_subscriptions')
    .select(['organization_id', 'id', 'status'])
    .where('stripe_subscription_id', '=', stripeId)
    .executeTakeFirst();
}

/** The organization's subscription of that Stripe id; undefined when it is another organization's or none. */
export function ownSubscription(db: Db, organizationId: number, stripeId: string) {
  return db
    .selectFrom('billing_subscriptions')
    .select('stripe_subscription_id')
    .where('organization_id', '=', organizationId)
    .where('stripe_subscription_id', '=', stripeId)
    .executeTakeFirst();
}

export async function upsertSubscription(db: Db, row: Insertable<BillingSubscriptionsTable>) {
  const { organization_id: _o, stripe_subscription_id: _s, ...changes } = row;
  return db
    .insertInto('billing_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'stripe_subscription_id'])
        .doUpdateSet({ ...changes, updated_at: sql`now()` }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The subscription that decides the organization's access (`deciding`). */
export function currentSubscription(db: Db, organizationId: number) {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy(deciding)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function subscriptionPage(db: Db, organizationId: number, page: number, size: number) {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy(deciding)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

export async function countRows(
  db: Db,
  table: 'billing_subscriptions' | 'billing_invoices',
  organizationId: number,
  status?: string,
) {
  let q = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId);
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function upsertInvoice(db: Db, row: Insertable<BillingInvoicesTable>) {
  const { organization_id: _o, stripe_invoice_id: _i, ...changes } = row;
  await db
    .insertInto('billing_invoices')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'stripe_invoice_id'])
        .doUpdateSet({ ...changes, updated_at: sql`now()` }),
    )
    .execute();
}

export function invoicePage(db: Db, organizationId: number, page: number, size: number, status?: string) {
  let q = db.selectFrom('billing_invoices').selectAll().where('organization_id', '=', organizationId);
  if (status) q = q.where('status', '=', status);
  return q
    .orderBy('created', 'desc')
    .orderBy('stripe_invoice_id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
}

/**
 * Records an event as processed; false when it already was (a replay or a duplicate delivery). One statement:
 * the row is written inside the transaction that applies the event, so it commits with the change or not at
 * all, and a second delivery arriving meanwhile waits on the key and then finds it.
 */
export async function claimEvent(
  db: Db,
  id: string,
  type: string,
  created: Date,
  now: Date,
): Promise<boolean> {
  // The table's only key is the event id, so "do nothing" without a target means "already recorded".
  const row = await db
    .insertInto('stripe_events')
    .values({ id, type, created, processed_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Every subscription Stripe may still change on its own, for the nightly reconciliation. */
export function liveSubscriptions(db: Db) {
  return db
    .selectFrom('billing_subscriptions')
    .select(['organization_id', 'stripe_subscription_id'])
    .where('status', 'in', liveStatuses)
    .orderBy('organization_id')
    .orderBy('id')
    .execute();
}
