import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { appLink, queueTemplate, resetLink } from '../../mail/app-mail';
import { issueAccountToken, resetTokenHours, spendAllTokens, verifyTokenHours } from './tokens';

// The accounts a sign-up would collide with: the same username or the same e-mail (case-insensitive),
// whatever their state, so an address never gets a second account.
export function accountHolders(db: Db, username: string, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', username.trim().toLowerCase()),
        eb(sql`lower(email)`, '=', email.trim().toLowerCase()),
      ]),
    )
    .orderBy('id')
    .execute();
}

// A self-registered account that was never confirmed: it has a verification token and no login.
async function awaitsVerification(db: Db, user: UserRow): Promise<boolean> {
  if (user.is_active || user.last_login) return false;
  const token = await db
    .selectFrom('account_tokens')
    .select('id')
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'verify')
    .executeTakeFirst();
  return token !== undefined;
}

// Instead of a second account, the holder of the first is told by e-mail: an active account gets a
// "someone tried to sign up with your address" notice with a reset link (if it was them, they get in); an
// account still waiting for its confirmation gets a fresh verification link. A deactivated account gets
// nothing. The caller answers the same either way.
export async function noticeHolder(ctx: AppContext, db: Db, holder: UserRow, outbox: number[]) {
  const now = ctx.now();
  const name = holder.name ?? holder.username;
  if (holder.is_active) {
    const token = await issueAccountToken(db, holder.id, 'reset', now);
    await queueTemplate(ctx, db, outbox, holder.email, 'registrationExists', holder.language, {
      name,
      username: holder.username,
      link: resetLink(ctx, holder.username, token),
      hours: resetTokenHours,
    });
  } else if (await awaitsVerification(db, holder)) {
    await spendAllTokens(db, holder.id, 'verify', now);
    const token = await issueAccountToken(db, holder.id, 'verify', now);
    await queueTemplate(ctx, db, outbox, holder.email, 'verification', holder.language, {
      name,
      link: appLink(ctx, '/confirm-registration', { token }),
      hours: verifyTokenHours,
    });
  }
}
