import { sql } from 'kysely';
import type { Db } from '../db/database';

// A message is tried at most this many times; the waits between tries double from 5 minutes up to an hour
// (about 17 hours in all), then the row stays unsent in the table for the operator.
export const outboxMaxAttempts = 20;

// Claims a message for one delivery attempt: counts the attempt and moves next_attempt_at past it, in one
// conditional update, so a second sender (the background delivery, the retry job, another worker) finds it
// taken until then. The wait outlasts the SMTP transport's timeouts, so a slow attempt is not doubled.
export function claimMail(db: Db, id: number, now: Date) {
  return db
    .updateTable('outbox')
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`${now}::timestamptz + least(interval '1 hour', interval '5 minutes' * power(2, attempts))`,
    })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('attempts', '<', outboxMaxAttempts)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now }).where('id', '=', id).execute();
}

// Unsent messages whose next attempt is due, oldest first.
export async function dueMailIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
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
