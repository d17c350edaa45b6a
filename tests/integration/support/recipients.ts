import { sql } from 'kysely';
import type { Db } from '../../../server/db/database';

/**
 * Marks every address waiting for confirmation as confirmed, as if each owner had followed the mailed link.
 * For tests of what a report or a rule sends: the confirmation rule itself has its own (recipients.test.ts).
 */
export async function confirmWaitingRecipients(db: Db): Promise<void> {
  await sql`update recipient_addresses set state = 'confirmed', decided_at = now() where state = 'waiting'`.execute(
    db,
  );
}

/** A confirmation mail (its link to /recipient-confirmation), whatever the quoted-printable line breaks. */
export const isConfirmationMail = (data: string) =>
  data.replace(/=\r?\n/g, '').includes('/recipient-confirmation#');
