import { sql } from 'kysely';
import type { Db } from '../../db/database';

// What the poller remembers between polls and restarts: failed import attempts per message (table
// mailbox_state, migration 0032), and for an organization's own rua mailbox the last poll's time and status
// in organizations.settings.rua_mailbox, where the settings module reads them (Settings → Dynamic Settings).

export type MessageKey = { mailbox: string; uidvalidity: string; uid: number };

/** Counts one more failed attempt for the message and returns the total so far. */
export async function recordFailure(db: Db, key: MessageKey, error: string): Promise<number> {
  const row = await db
    .insertInto('mailbox_state')
    .values({ ...key, failures: 1, last_error: error.slice(0, 500) })
    .onConflict((oc) =>
      oc.columns(['mailbox', 'uidvalidity', 'uid']).doUpdateSet({
        failures: sql`mailbox_state.failures + 1`,
        last_error: sql`excluded.last_error`,
        updated_at: sql`now()`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** The message left the mailbox (imported, or moved to the failed folder): nothing more to remember. */
export async function forgetMessage(db: Db, key: MessageKey): Promise<void> {
  await db
    .deleteFrom('mailbox_state')
    .where('mailbox', '=', key.mailbox)
    .where('uidvalidity', '=', key.uidvalidity)
    .where('uid', '=', String(key.uid))
    .execute();
}

/**
 * Error text fit to show to the organization: the secrets it was given (password, full URL) cut out and the
 * length bounded. IMAP servers echo neither, but a library error might quote the connection string.
 */
export function publicError(err: unknown, secrets: string[]): string {
  let text = err instanceof Error ? err.message : String(err);
  const extra = (err as { responseText?: unknown } | null)?.responseText;
  if (typeof extra === 'string' && extra && !text.includes(extra)) text = `${text}: ${extra}`;
  for (const s of secrets) if (s) text = text.split(s).join('***');
  text = text.replace(/\/\/[^/@\s]+@/g, '//***@');
  return text.replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown error';
}

export const okStatus = (imported: number, failed: number) =>
  `ok, ${imported} imported${failed ? `, ${failed} moved to the failed folder` : ''}`;

/**
 * Sets rua_mailbox.last_poll_at / last_poll_status in one UPDATE that merges into the stored settings, so a
 * settings PATCH at the same moment keeps its other keys.
 */
export async function writePollStatus(db: Db, organizationId: number, at: Date, status: string) {
  const patch = JSON.stringify({ last_poll_at: at.toISOString(), last_poll_status: status });
  await sql`update organizations set settings = coalesce(settings, '{}'::jsonb) || jsonb_build_object(
      'rua_mailbox', coalesce(settings -> 'rua_mailbox', '{}'::jsonb) || ${patch}::jsonb)
    where id = ${organizationId}`.execute(db);
}
