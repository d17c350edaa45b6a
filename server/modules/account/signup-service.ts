import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../lib/errors';
import { firstLimitExceeded, recordFailure } from '../auth/rate-limit';
import { hashPassword } from '../auth/password';
import { createOrganization } from '../organizations/repo';
import { usernameTaken } from '../users/admin-service';
import { findUserByUsername, insertUser } from '../users/repo';
import { appLink, queueTemplate } from './mail';
import { passwordProblems } from './password-policy';
import { findLiveToken, invalidToken, issueAccountToken, spendToken, verifyTokenHours } from './tokens';

export const signupSent = 'Check your e-mail to confirm your account.';
export const accountConfirmed = 'Your account is confirmed. You can log in now.';
export const signupKey = (ip: string) => `signup:${ip}`;
export const tokenKey = (ip: string) => `account-token:${ip}`;

type Signup = { name: string; username: string; password: string; email: string };

// POST /register-client/: a self-registered client gets an inactive account, owning a new organization named
// after them, and an e-mailed verification link. An address that already has an account gets a notice instead
// (same 201 answer), so the answer does not tell whether an e-mail is registered.
export async function registerClient(ctx: AppContext, db: Db, body: Signup, ip: string, outbox: number[]) {
  const now = ctx.now();
  const limited = await firstLimitExceeded(
    db,
    [{ key: signupKey(ip), limit: ctx.config.loginRateLimit }],
    now,
  );
  if (limited) return limited;
  await recordFailure(db, [signupKey(ip)], now);
  const problems = passwordProblems(body.password, body);
  if (problems.length) return new AppError(400, { password: problems });
  if (await findUserByUsername(db, body.username)) return fieldError('username', usernameTaken);
  const existing = await db
    .selectFrom('users')
    .select(['id', 'language'])
    .where(sql`lower(email)`, '=', body.email.toLowerCase())
    .executeTakeFirst();
  if (existing) {
    await queueTemplate(ctx, db, outbox, body.email, 'registrationExists', existing.language, {});
    return { detail: signupSent };
  }
  const user = await insertUser(db, {
    username: body.username,
    email: body.email,
    name: body.name,
    password_hash: await hashPassword(body.password),
    role: 'client',
    is_active: false,
    organization_id: null,
    alerts_email: null,
    totp_secret_enc: null,
    totp_last_step: null,
    stripe_customer_id: null,
  });
  const org = await createOrganization(db, body.name, {}, user.id);
  await db.updateTable('users').set({ organization_id: org.id }).where('id', '=', user.id).execute();
  const token = await issueAccountToken(db, user.id, 'verify', now);
  await queueTemplate(ctx, db, outbox, body.email, 'verification', user.language, {
    name: body.name,
    link: appLink(ctx, '/confirm-registration', { token }),
    hours: verifyTokenHours,
  });
  return { detail: signupSent };
}

// POST /confirm-registration/ {token}: single use, expiring; failures count against the caller's IP.
export async function confirmRegistration(ctx: AppContext, db: Db, token: string, ip: string) {
  const now = ctx.now();
  const key = tokenKey(ip);
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimitIp }], now);
  if (limited) return limited;
  const row = await findLiveToken(db, 'verify', token, now);
  if (!row || !(await spendToken(db, row.id, now))) {
    await recordFailure(db, [key], now);
    return fieldError('token', invalidToken);
  }
  const user = await db
    .updateTable('users')
    .set({ is_active: true })
    .where('id', '=', row.user_id)
    .returning(['username', 'is_active'])
    .executeTakeFirstOrThrow();
  return { detail: accountConfirmed, username: user.username, is_active: user.is_active };
}
