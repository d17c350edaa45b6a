import { sql } from 'kysely';
import type { Db } from '../db/database';
import { insertAuditOperation, organizationExists } from '../modules/shared/audit-repo';
import { hourOf } from './budget';

// Mail held over an organization's budget (./budget.ts): the audit entry of a hold, and what the operator
// (`msas jobs held`) and the summary job (./held-summary.ts) read of the held rows.

/**
 * Audits a hold, once per organization and hour (the first message held in it): during a flood the audit
 * log must not become the flood. The entry names the budget and the first held message's recipient and
 * subject, never its body; the summaries are audited one by one (mail.held.summary).
 */
export async function auditHold(
  db: Db,
  hold: { organizationId: number; outboxId: number; to: string; subject: string; budget: number; now: Date },
): Promise<void> {
  const earlier = await db
    .selectFrom('outbox')
    .select('id')
    .where('organization_id', '=', hold.organizationId)
    .where('held_at', '>=', hourOf(hold.now))
    .where('summary_id', 'is', null)
    .where('id', '<>', hold.outboxId)
    .limit(1)
    .executeTakeFirst();
  if (earlier || !(await organizationExists(db, hold.organizationId))) return;
  await insertAuditOperation(db, {
    name: 'mail.held',
    user_id: null,
    organization_id: hold.organizationId,
    request: {
      hour: hourOf(hold.now).toISOString(),
      budget_per_hour: hold.budget,
      outbox_id: hold.outboxId,
      to: hold.to,
      subject: hold.subject,
    },
    response_status: 202,
  });
}

export type HeldByOrganization = {
  organization_id: number | null;
  name: string | null;
  held: number;
  recipients: number;
  oldest: Date;
};

/** Mail held and not yet summarised, per organization (the operator's view, `msas jobs held`). */
export async function heldByOrganization(db: Db): Promise<HeldByOrganization[]> {
  return db
    .selectFrom('outbox')
    .leftJoin('organizations', 'organizations.id', 'outbox.organization_id')
    .select([
      'outbox.organization_id',
      'organizations.name',
      sql<number>`count(*)::int`.as('held'),
      sql<number>`count(distinct lower(outbox.to))::int`.as('recipients'),
      sql<Date>`min(outbox.held_at)`.as('oldest'),
    ])
    .where('outbox.held_at', 'is not', null)
    .where('outbox.summary_id', 'is', null)
    .groupBy(['outbox.organization_id', 'organizations.name'])
    .orderBy('outbox.organization_id')
    .execute();
}

export type HeldRecipient = { organization_id: number; to: string };

/** Organizations and recipients with mail held before `before` (a past hour) not summarised yet. */
export async function heldRecipients(db: Db, before: Date, limit: number): Promise<HeldRecipient[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['organization_id', sql<string>`lower("to")`.as('to')])
    .where('held_at', '<', before)
    .where('summary_id', 'is', null)
    .where('organization_id', 'is not', null)
    .groupBy(['organization_id', sql`lower("to")`])
    .orderBy('organization_id')
    .orderBy(sql`min(id)`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ organization_id: r.organization_id!, to: r.to }));
}

/** One recipient's held messages (oldest first) of one organization, held before `before`. */
export function heldFor(db: Db, r: HeldRecipient, before: Date) {
  return db
    .selectFrom('outbox')
    .select(['id', 'subject', 'held_at'])
    .where('organization_id', '=', r.organization_id)
    .where(sql<boolean>`lower("to") = ${r.to}`)
    .where('held_at', '<', before)
    .where('summary_id', 'is', null)
    .orderBy('id')
    .execute();
}

/** Marks held messages as told of by the summary `summaryId`. */
export async function markSummarised(db: Db, ids: number[], summaryId: number): Promise<void> {
  if (ids.length > 0)
    await db.updateTable('outbox').set({ summary_id: summaryId }).where('id', 'in', ids).execute();
}
