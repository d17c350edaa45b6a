import { sql } from 'kysely';
import type { Db } from '../db/database';

// Each unsent message has a `send-mail` job (./send-job.ts): pg-boss's retries with back-off give its
// schedule. A message is tried at most this many times: the background attempt after its commit, then the
// job's first run 5 minutes later and its 7 retries, 5-10, 10-20... 320-640 minutes apart (10.6 to 21 hours
// in all, 16 on average); then the row stays unsent in the table for the operator.
export const outboxMaxAttempts = 9;

// Claims a message for one delivery attempt: counts the attempt and leases the row (next_attempt_at) for
// 4 minutes, in one conditional update, so a second sender (the background delivery, a second job for the
// same message, another worker) finds it taken meanwhile. The lease outlasts the SMTP transport's timeouts,
// so a slow attempt is not doubled; pg-boss's first retry comes later than it ends. claimed_at says an
// attempt is in flight until it ends (sent or released); held mail is never claimed.
export function claimMail(db: Db, id: number, now: Date) {
  return db
    .updateTable('outbox')
    .set({
      attempts: sql`attempts + 1`,
      claimed_at: now,
      next_attempt_at: sql`${now}::timestamptz + interval '4 minutes'`,
    })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('held_at', 'is', null)
    .where('attempts', '<', outboxMaxAttempts)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Why a message could not be claimed: it needs no attempt (sent, held, every attempt used, gone) or one runs. */
export async function needsNoAttempt(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('held_at', 'is', null)
    .where('attempts', '<', outboxMaxAttempts)
    .executeTakeFirst();
  return row === undefined;
}

export async function markMailSent(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now, claimed_at: null }).where('id', '=', id).execute();
}

/**
 * A failed attempt ends: the row keeps its lease (next_attempt_at) and is no longer in flight;
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

export type DueMail = { id: number; attempts: number };

/** The relay answers again: what waited for it is due now instead of at its job's next retry; which. */
export async function relayIsBack(db: Db, now: Date): Promise<DueMail[]> {
  return db
    .updateTable('outbox')
    .set({ relay_unreachable: false, next_attempt_at: now })
    .where('relay_unreachable', '=', true)
    .where('sent_at', 'is', null)
    .where('claimed_at', 'is', null)
    .where('attempts', '<', outboxMaxAttempts)
    .returning(['id', 'attempts'])
    .execute();
}

/**
 * Makes the attempts a dead process had in flight due now (their leases would hold them 4 minutes, their
 * jobs until they expire and their retry's back-off).
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

// Unsent messages no attempt holds, by id from afterId on.
export async function dueMail(db: Db, now: Date, afterId: number, limit: number): Promise<DueMail[]> {
  return db
    .selectFrom('outbox')
    .select(['id', 'attempts'])
    .where('id', '>', afterId)
    .where('sent_at', 'is', null)
    .where('held_at', 'is', null)
    .where('attempts', '<', outboxMaxAttempts)
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
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
