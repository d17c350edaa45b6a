import type { Db } from '../db/database';

// The outbound mail budget: one per organization and UTC hour, for all of its mail together (alerts,
// digests, invitations, delisting requests, billing notices). Account mail (password resets, sign-up) has no
// organization and no budget. What goes over is held, never dropped: ./held-summary.ts tells of it.

const hourMs = 3_600_000;

/** The start of the UTC hour `now` falls in: the budget's period. */
export const hourOf = (now: Date): Date => new Date(Math.floor(now.getTime() / hourMs) * hourMs);

/**
 * Takes one message from the organization's budget for the hour of `now`: false when the hour's budget is
 * spent. The upsert locks the hour's row until the caller's transaction ends, so two concurrent senders take
 * turns and cannot both take the last message; a rolled-back transaction gives its message back.
 */
export async function takeBudget(
  db: Db,
  organizationId: number,
  now: Date,
  perHour: number,
): Promise<boolean> {
  const row = await db
    .insertInto('mail_budget_hours')
    .values({ organization_id: organizationId, hour: hourOf(now), admitted: 1 })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'hour'])
        .doUpdateSet((eb) => ({ admitted: eb('mail_budget_hours.admitted', '+', 1) }))
        .where('mail_budget_hours.admitted', '<', perHour),
    )
    .returning('admitted')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the counts of hours long past (the summary job, hourly). */
export async function purgeBudgetHours(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom('mail_budget_hours')
    .where('hour', '<', new Date(hourOf(now).getTime() - 24 * hourMs))
    .execute();
}
