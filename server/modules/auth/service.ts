import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { decryptSecret, sha256Hex } from '../../lib/crypto';
import { AppError, fieldError, invalidRefresh } from '../../lib/errors';
import { requiredMessage } from '../../../contract/errors';
import { findUserById, findUserByUsername, recordLogin } from '../users/repo';
import type { AuditScope } from '../audit/with-audit';
import { dummyPasswordHash, verifyPassword } from './password';
import { firstLimitExceeded, limiterKeys, recordFailure } from './rate-limit';
import { recoveryCodeHmac } from './recovery-codes';
import { decideRefresh } from './refresh-rules';
import {
  clearAttempts,
  findRefreshToken,
  markRefreshUsed,
  revokeRefreshFamily,
  spendRecoveryCode,
} from './repo';
import { issueTokens, type TokenPair } from './session';
import { verifyTotp } from './totp';

export const invalidCredentials = 'Unable to log in with provided credentials.';
export const invalidCode = 'Invalid code.';
export const invalidRecoveryCode = 'Invalid recovery code.';

type Credentials = { username: string; password: string };

function keysFor(username: string, ip: string) {
  return [limiterKeys.account(username), limiterKeys.ip(ip)];
}

// Password check behind the per-account and per-IP limits. Returns the user, or the error to answer after the
// failed attempt has been counted.
async function checkPassword(
  ctx: AppContext,
  db: Db,
  credentials: Credentials,
  ip: string,
  scope: AuditScope,
): Promise<UserRow | AppError> {
  const now = ctx.now();
  const [accountKey, ipKey] = keysFor(credentials.username, ip) as [string, string];
  const limited = await firstLimitExceeded(
    db,
    [
      { key: accountKey, limit: ctx.config.loginRateLimit },
      { key: ipKey, limit: ctx.config.loginRateLimitIp },
    ],
    now,
  );
  if (limited) return limited;
  const user = await findUserByUsername(db, credentials.username);
  const passwordOk = await verifyPassword(
    user?.password_hash ?? (await dummyPasswordHash()),
    credentials.password,
  );
  if (!user || !passwordOk || !user.is_active) {
    if (user) scope.userId = user.id;
    await recordFailure(db, [accountKey, ipKey], now);
    return new AppError(400, { non_field_errors: [invalidCredentials] });
  }
  scope.userId = user.id;
  scope.organizationId = user.organization_id;
  return user;
}

async function startSession(ctx: AppContext, db: Db, user: UserRow, totpStep?: number): Promise<TokenPair> {
  const now = ctx.now();
  await clearAttempts(db, limiterKeys.account(user.username));
  await recordLogin(db, user.id, now, totpStep);
  const fresh = { ...user, last_login: now };
  return issueTokens(ctx, db, fresh);
}

// POST /authenticate/: password, then the TOTP code when the user has 2FA.
export async function login(
  ctx: AppContext,
  db: Db,
  input: Credentials & { code?: string },
  ip: string,
  scope: AuditScope,
): Promise<TokenPair | AppError> {
  const user = await checkPassword(ctx, db, input, ip, scope);
  if (user instanceof AppError) return user;
  if (!user.totp_enabled || !user.totp_secret_enc) return startSession(ctx, db, user);
  const code = input.code?.trim();
  if (!code) return fieldError('code', requiredMessage);
  const secret = decryptSecret(ctx.config.encryptionKey, user.totp_secret_enc);
  const result = await verifyTotp(secret, code, ctx.now(), user.totp_last_step);
  if (!result.valid || result.step === null) {
    await recordFailure(db, keysFor(input.username, ip), ctx.now());
    return fieldError('code', invalidCode);
  }
  return startSession(ctx, db, user, result.step);
}

// POST /authenticate/recovery/: password plus one unused recovery code, which is spent.
export async function recoveryLogin(
  ctx: AppContext,
  db: Db,
  input: Credentials & { recovery_code: string },
  ip: string,
  scope: AuditScope,
): Promise<TokenPair | AppError> {
  const user = await checkPassword(ctx, db, input, ip, scope);
  if (user instanceof AppError) return user;
  const hmac = recoveryCodeHmac(ctx.config.encryptionKey, input.recovery_code);
  if (!user.totp_enabled || !(await spendRecoveryCode(db, user.id, hmac, ctx.now()))) {
    await recordFailure(db, keysFor(input.username, ip), ctx.now());
    return fieldError('recovery_code', invalidRecoveryCode);
  }
  return startSession(ctx, db, user);
}

// POST /authenticate/refresh/: rotation; a spent token revokes its whole family.
export async function refresh(
  ctx: AppContext,
  db: Db,
  token: string,
  scope: AuditScope,
): Promise<TokenPair | AppError> {
  const now = ctx.now();
  const row = await findRefreshToken(db, sha256Hex(token));
  if (row) scope.userId = row.user_id;
  const decision = decideRefresh(row, now);
  if (decision === 'reuse' && row) {
    await revokeRefreshFamily(db, row.family_id, now);
    return invalidRefresh();
  }
  if (decision !== 'rotate' || !row) return invalidRefresh();
  if (!(await markRefreshUsed(db, row.id, now))) {
    await revokeRefreshFamily(db, row.family_id, now);
    return invalidRefresh();
  }
  const user = await findUserById(db, row.user_id);
  if (!user || !user.is_active) return invalidRefresh();
  scope.organizationId = user.organization_id;
  return issueTokens(ctx, db, user, row.family_id);
}
