import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { badRequest, fieldError } from '../../lib/errors';
import { firstLimitExceeded, recordFailure } from '../auth';
import { hashPassword } from '../../lib/password';
import { createOrganization } from '../shared/organization-rows';
import { insertUser } from '../shared/users-repo';
import { appLink, queueTemplate } from '../../mail/app-mail';
import { passwordProblems } from './password-policy';
import { activateUser, setUserOrganization } from './repo';
import { accountHolders, noticeHolder } from './signup-notice';
import { findLiveToken, issueAccountToken, spendToken, verifyTokenHours } from './tokens';

export const signupSent = 'Check your e-mail to confirm your account.';
export const accountConfirmed = 'Your account is confirmed. You can log in now.';
export const tokenKey = (ip: string) => `account-token:${ip}`;
const signupKeys = (ip: string, email: string) => [
  `signup:${ip}`,
  `signup-address:${email.trim().toLowerCase()}`,
];

type Signup = { name: string; username: string; password: string; email: string };

// POST /register-client/: a self-registered client gets an inactive account, owning a new organization named
// after them, and an e-mailed verification link. A username or address that already has an account gets no
// second one: its holder is mailed instead (signup-notice.ts) and the caller gets the same 201, after the same
// work (the password is hashed either way) and, by the route's floor, in the same time. Attempts count per IP
// and per address, so neither a caller nor a mailbox can be flooded.
export async function registerClient(ctx: AppContext, db: Db, body: Signup, ip: string, outbox: number[]) {
  const now = ctx.now();
  const keys = signupKeys(ip, body.email);
  const limited = await firstLimitExceeded(
    db,
    keys.map((key) => ({ key, limit: ctx.config.loginRateLimit })),
    now,
  );
  if (limited) return limited;
  await recordFailure(db, keys, now);
  const problems = passwordProblems(body.password, body);
  if (problems.length) return badRequest({ password: problems });
  const passwordHash = await hashPassword(body.password);
  const holders = await accountHolders(db, body.username, body.email);
  if (holders.length > 0) {
    for (const holder of holders) await noticeHolder(ctx, db, holder, outbox);
    return { detail: signupSent };
  }
  const user = await insertUser(db, {
    username: body.username,
    email: body.email,
    name: body.name,
    password_hash: passwordHash,
    role: 'client',
    is_active: false,
    organization_id: null,
    alerts_email: null,
    totp_secret_enc: null,
    totp_last_step: null,
    stripe_customer_id: null,
  });
  const org = await createOrganization(db, body.name, {}, user.id, true);
  await setUserOrganization(db, user.id, org.id);
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
    return fieldError('token', 'token_invalid');
  }
  const user = await activateUser(db, row.user_id);
  return { detail: accountConfirmed, username: user.username, is_active: user.is_active };
}
