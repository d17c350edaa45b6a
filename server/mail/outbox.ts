import { sql } from 'kysely';
import type { Db } from '../db/database';

// A message is tried at most this many times; the waits between tries double from 5 minutes up to an hour
// (about 17 hours in all), then the row stays unsent in the table for the operator.
export const outboxMaxAttempts = 20;

// Claims a message for one delivery attempt: counts the attempt and moves next_attempt_at past it, in one
// conditional update, so a second sender (the background delivery, the retry job, another worker) finds it
// taken until then. The wait outlasts the SMTP transport's timeouts, so a slow attempt is not doubled.
// claimed_at says an attempt is in flight until it ends (sent or released); held mail is never claimed.
export function claimMail(db: Db, id: number, now: Date) {
  return db
    .updateTable('outbox')
    .set({
      attempts: sql`attempts + 1`,
      claimed_at: now,
      next_attempt_at: sql`${now}::timestamptz + least(interval '1 hour', interval '5 minutes' * power(2, attempts))`,
    })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('held_at', 'is', null)
    .where('attempts', '<', outboxMaxAttempts)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now, claimed_at: null }).where('id', '=', id).execute();
}

/**
 * A failed attempt ends: the row keeps its back-off (next_attempt_at) and is no longer in flight;
 * `unreachable` when the relay itself did not answer (no fault of this message).
 */
export async function releaseMail(db: Db, id: number, unreachable: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ claimed_at: null, relay_unreachable: unreachable })
    .where('id', '=', id)
    .execute();
}

/** Some unsent message waits for the relay to answer again. */
export async function waitingForRelay(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('relay_unreachable', '=', true)
    .where('sent_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The relay answers again: what waited for it is due now instead of at the end of its back-off. */
export async function relayIsBack(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ relay_unreachable: false, next_attempt_at: now })
    .where('relay_unreachable', '=', true)
    .where('sent_at', 'is', null)
    .where('claimed_at', 'is', null)
    .execute();
}

/**
 * Makes the attempts a dead process had in flight due now (their claims would hold them up to an hour).
 * Only for a process that knows no other one is sending: the one process of a PGlite DATA_DIR, at start.
 * Such an attempt may have reached the relay before the process died: SMTP cannot tell (RFC 1047, duplicate
 * messages), and a message is better sent twice than lost.
 */
export async function releaseDeadClaims(db: Db, now: Date): Promise<number> {
  const r = await db
    .updateTable('outbox')
    .set({ claimed_at: null, next_attempt_at: now })
    .where('claimed_at', 'is not', null)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// Unsent messages whose next attempt is due, oldest first.
export async function dueMailIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('held_at', 'is', null)
    .where('attempts', '<', outboxMaxAttempts)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Unsent mail: waiting for an attempt, or failed (every attempt used); for the metrics. */
export async function outboxCounts(db: Db): Promise<{ waiting: number; failed: number }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('attempts', '<', outboxMaxAttempts).as('waiting'),
      eb.fn.countAll<number>().filterWhere('attempts', '>=', outboxMaxAttempts).as('failed'),
    ])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), failed: Number(row.failed) };
}
