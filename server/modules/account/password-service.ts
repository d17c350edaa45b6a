import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest, fieldError, notAuthenticated } from '../../lib/errors';
import type { Actor } from '../../lib/permissions';
import { hashPassword, verifyPassword } from '../../lib/password';
import {
  clearAccountAttempts,
  firstLimitExceeded,
  issueTokens,
  recordFailure,
  revokeUserRefreshTokens,
} from '../auth';
import { findUserById } from '../shared/users-repo';
import { queueTemplate, resetLink } from '../../mail/app-mail';
import { passwordProblems } from './password-policy';
import { activeUsersByEmail, setPasswordHash } from './repo';
import { findLiveToken, issueAccountToken, resetTokenHours, spendAllTokens, spendToken } from './tokens';

export const resetSent = 'If an account uses this address, we sent it a link to reset the password.';
export const passwordResetDone = 'Your password has been reset. You can log in now.';
export const passwordChanged = 'Your password has been changed.';
const resetKeys = (ip: string, email: string) => [`reset:${ip}`, `reset-email:${email.trim().toLowerCase()}`];

// POST /password-reset/ {email}: the same 201 answer whether or not the address has an account.
export async function requestReset(ctx: AppContext, db: Db, email: string, ip: string, outbox: number[]) {
  const now = ctx.now();
  const keys = resetKeys(ip, email);
  const limited = await firstLimitExceeded(
    db,
    keys.map((key) => ({ key, limit: ctx.config.loginRateLimit })),
    now,
  );
  if (limited) return limited;
  await recordFailure(db, keys, now);
  const users = await activeUsersByEmail(db, email);
  for (const user of users) {
    const token = await issueAccountToken(db, user.id, 'reset', now);
    await queueTemplate(ctx, db, outbox, user.email, 'passwordReset', user.language, {
      name: user.name ?? user.username,
      username: user.username,
      link: resetLink(ctx, user.username, token),
      hours: resetTokenHours,
    });
  }
  return { detail: resetSent };
}

// Sets a new password, signs every session out and spends the outstanding reset links.
async function setPassword(ctx: AppContext, db: Db, userId: number, password: string) {
  const now = ctx.now();
  await setPasswordHash(db, userId, await hashPassword(password));
  await revokeUserRefreshTokens(db, userId, now);
  await spendAllTokens(db, userId, 'reset', now);
}

// POST /password-reset/confirm/ {username?, token, password}: the policy is checked before the token is spent.
export async function confirmReset(
  ctx: AppContext,
  db: Db,
  body: { username?: string; token: string; password: string },
  ip: string,
) {
  const now = ctx.now();
  const key = `account-token:${ip}`;
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimitIp }], now);
  if (limited) return limited;
  const row = await findLiveToken(db, 'reset', body.token, now);
  const user = row ? await findUserById(db, row.user_id) : undefined;
  const matches =
    user && (!body.username || body.username.trim().toLowerCase() === user.username.toLowerCase());
  if (!row || !user || !matches || !user.is_active) {
    await recordFailure(db, [key], now);
    return fieldError('token', 'token_invalid');
  }
  const problems = passwordProblems(body.password, user);
  if (problems.length) return badRequest({ password: problems });
  if (!(await spendToken(db, row.id, now))) return fieldError('token', 'token_invalid');
  await setPassword(ctx, db, user.id, body.password);
  await clearAccountAttempts(db, user.username);
  return { detail: passwordResetDone };
}

// POST /change-password/: errors under __all__; every refresh token is revoked and a new pair returned, so
// this session continues and every other one ends.
export async function changePassword(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  body: { current_password: string; new_password: string; confirm_password: string },
  outbox: number[],
) {
  const now = ctx.now();
  const key = `change-password:${actor.id}`;
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimit }], now);
  if (limited) return limited;
  const user = await findUserById(db, actor.id);
  if (!user) throw notAuthenticated();
  if (!(await verifyPassword(user.password_hash, body.current_password))) {
    await recordFailure(db, [key], now);
    return fieldError('__all__', 'current_password_wrong');
  }
  if (body.new_password !== body.confirm_password) return fieldError('__all__', 'passwords_differ');
  const problems = passwordProblems(body.new_password, user);
  if (problems.length) return badRequest({ __all__: problems });
  await setPassword(ctx, db, user.id, body.new_password);
  await queueTemplate(ctx, db, outbox, user.email, 'passwordChanged', user.language, {
    name: user.name ?? user.username,
    username: user.username,
  });
  const tokens = await issueTokens(ctx, db, user);
  return { detail: passwordChanged, ...tokens };
}
