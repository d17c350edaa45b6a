import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { fieldError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/permissions';
import { appLink, queueTemplate } from '../../mail/app-mail';
import { spendAllTokens } from '../account';
import { firstLimitExceeded, recordFailure } from '../auth';
import type { AuditScope } from '../shared/with-audit';
import { addressInUse, guardAddressClash } from '../shared/addresses';
import {
  findLiveEmailChange,
  insertEmailChange,
  passwordFingerprint,
  pendingEmailChange,
  spendEmailChange,
  spendUserEmailChanges,
  type PendingEmailChange,
} from './email-change-repo';
import { findUserById, findUserByUsername } from '../shared/users-repo';
import { updateUserRow } from './repo';

export const emailChangeHours = 24;
export const emailChangeDone = 'Your e-mail address has been changed.';
// The SPA page the confirmation link opens; the token rides in the fragment, which browsers never send to a
// server, so it stays out of request logs and Referer headers.
export const confirmEmailChangePath = '/confirm-email-change';
// The key the other one-time-token routes count failures under, so switching routes buys no extra guesses.
const tokenAttemptsKey = (ip: string) => `account-token:${ip}`;

const nameOf = (user: UserRow) => user.name ?? user.username;

// PATCH /users/{self}/ with a new email (the password already checked): nothing changes yet. The new address
// gets a single-use link, or, when another account uses it, a notice saying so; the answer and the old
// address's notice are the same either way, so the request does not tell which addresses have accounts.
export async function requestEmailChange(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  email: string,
  outbox: number[],
): Promise<PendingEmailChange> {
  const now = ctx.now();
  await spendUserEmailChanges(db, user.id, now);
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + emailChangeHours * 3_600_000);
  await insertEmailChange(db, { userId: user.id, email, token, passwordHash: user.password_hash, expiresAt });
  const vars = { name: nameOf(user), username: user.username, email };
  if (await addressInUse(db, email, user.id)) {
    await queueTemplate(ctx, db, outbox, email, 'emailChangeInUse', user.language, { email });
  } else {
    const link = `${appLink(ctx, confirmEmailChangePath, {})}#token=${token}`;
    await queueTemplate(ctx, db, outbox, email, 'emailChangeConfirm', user.language, {
      ...vars,
      link,
      hours: emailChangeHours,
    });
  }
  await queueTemplate(ctx, db, outbox, user.email, 'emailChangeRequested', user.language, vars);
  return { email, expires_at: expiresAt.toISOString() };
}

// Sets the address and tells the old one. Outstanding reset links went to the old address: they stop working.
async function applyEmail(ctx: AppContext, db: Db, user: UserRow, email: string, outbox: number[]) {
  const now = ctx.now();
  // A username that is the address (the usual case) follows it, unless another account has that name.
  const holder = await findUserByUsername(db, email);
  const follows =
    user.username.toLowerCase() === user.email.toLowerCase() && (!holder || holder.id === user.id);
  await guardAddressClash(() =>
    updateUserRow(db, user.id, { email, shared_email: false, ...(follows ? { username: email } : {}) }),
  );
  await spendUserEmailChanges(db, user.id, now);
  await spendAllTokens(db, user.id, 'reset', now);
  await queueTemplate(ctx, db, outbox, user.email, 'emailChanged', user.language, {
    name: nameOf(user),
    username: follows ? email : user.username,
    email,
  });
}

// An owner or admin changing a member's address keeps that power (no confirmation), the address stays unique
// and the old address hears of it.
export async function setEmailByAdmin(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  email: string,
  outbox: number[],
) {
  if (await addressInUse(db, email, user.id)) throw fieldError('email', 'email_taken');
  await applyEmail(ctx, db, user, email, outbox);
}

// POST /email-change/confirm/ {token} (public): single use, expiring, void once the password changed since
// the request; failures count against the caller's IP like the other one-time links.
export async function confirmEmailChange(
  ctx: AppContext,
  db: Db,
  token: string,
  ip: string,
  outbox: number[],
  scope: AuditScope,
) {
  const now = ctx.now();
  const key = tokenAttemptsKey(ip);
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimitIp }], now);
  if (limited) return limited;
  const row = await findLiveEmailChange(db, token, now);
  const user = row ? await findUserById(db, row.user_id) : undefined;
  const valid =
    row && user?.is_active && passwordFingerprint(user.password_hash) === row.password_fingerprint;
  if (!row || !user || !valid || !(await spendEmailChange(db, row.id, now))) {
    await recordFailure(db, [key], now);
    return fieldError('token', 'token_invalid');
  }
  scope.userId = user.id;
  scope.organizationId = user.organization_id;
  // Taken since the request (the link of an address in use is never sent): the link is spent all the same.
  if (await addressInUse(db, row.new_email, user.id)) return fieldError('email', 'email_taken');
  await applyEmail(ctx, db, user, row.new_email, outbox);
  return { detail: emailChangeDone };
}

function ownAccount(actor: Actor, id: number) {
  if (actor.id !== id) throw notFound();
}

// GET /users/{self}/email-change/: the change waiting for confirmation, if any.
export async function showEmailChange(ctx: AppContext, db: Db, actor: Actor, id: number) {
  ownAccount(actor, id);
  return { email_change: await pendingEmailChange(db, id, ctx.now()) };
}

// DELETE /users/{self}/email-change/: the link already sent stops working.
export async function cancelEmailChange(ctx: AppContext, db: Db, actor: Actor, id: number) {
  ownAccount(actor, id);
  await spendUserEmailChanges(db, id, ctx.now());
  return { email_change: null };
}
