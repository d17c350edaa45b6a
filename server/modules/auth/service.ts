import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { decryptSecret, sha256Hex } from '../../lib/crypto';
import { AppError, fieldError, invalidRefresh } from '../../lib/errors';
import { findUserById, findUserByUsername, recordLogin } from '../shared/users-repo';
import type { AuditScope } from '../shared/with-audit';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import {
  failureDelayMs,
  failuresInWindow,
  limitExceeded,
  limiterKeys,
  recordFailure,
  type Pace,
} from './rate-limit';
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

type Credentials = { username: string; password: string };

function keysFor(username: string, ip: string) {
  return {
    account: limiterKeys.account(username),
    source: limiterKeys.accountSource(username, ip),
    ip: limiterKeys.ip(ip),
  };
}
type Keys = ReturnType<typeof keysFor>;

// A failed password or code counts for the account, the account from this source and the source; past the
// account's free failures the answer is paced (failureDelayMs).
async function countFailure(ctx: AppContext, db: Db, keys: Keys, pace: Pace): Promise<void> {
  const now = ctx.now();
  await recordFailure(db, [keys.account, keys.source, keys.ip], now);
  const failures = await failuresInWindow(db, keys.account, now);
  pace.delayMs = failureDelayMs(failures, ctx.config.loginRateLimit);
}

type Checked = { user: UserRow; keys: Keys; limited: AppError | null };

// The password check. A source past LOGIN_RATE_LIMIT_IP gets 429 before any check. A source past
// LOGIN_RATE_LIMIT failures on this account gets 429 too, unless it brings a second factor: then a correct
// password and, after it, a valid code or recovery code still let the owner in, and anything else answers
// the same 429 (so a limited source learns nothing about the password alone). Nothing locks the account
// itself: failures from everywhere only slow its failed answers down.
async function checkPassword(
  ctx: AppContext,
  db: Db,
  credentials: Credentials,
  ip: string,
  scope: AuditScope,
  pace: Pace,
  secondFactor: boolean,
): Promise<Checked | AppError> {
  const now = ctx.now();
  const keys = keysFor(credentials.username, ip);
  const sourceLimited = await limitExceeded(db, keys.ip, ctx.config.loginRateLimitIp, now);
  if (sourceLimited) return sourceLimited;
  const limited = await limitExceeded(db, keys.source, ctx.config.loginRateLimit, now);
  if (limited && !secondFactor) return limited;
  const user = await findUserByUsername(db, credentials.username);
  const passwordOk = await verifyPassword(
    user?.password_hash ?? (await dummyPasswordHash()),
    credentials.password,
  );
  if (user) scope.userId = user.id;
  const hasSecondFactor = Boolean(user?.totp_enabled && user.totp_secret_enc);
  if (!user || !passwordOk || !user.is_active || (limited && !hasSecondFactor)) {
    await countFailure(ctx, db, keys, pace);
    return limited ?? fieldError('non_field_errors', 'invalid_credentials');
  }
  scope.organizationId = user.organization_id;
  return { user, keys, limited };
}

async function startSession(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  keys: Keys,
  totpStep?: number,
): Promise<TokenPair> {
  const now = ctx.now();
  await clearAttempts(db, keys.source);
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
  pace: Pace,
): Promise<TokenPair | AppError> {
  const code = input.code?.trim();
  const checked = await checkPassword(ctx, db, input, ip, scope, pace, Boolean(code));
  if (checked instanceof AppError) return checked;
  const { user, keys, limited } = checked;
  if (!user.totp_enabled || !user.totp_secret_enc) return startSession(ctx, db, user, keys);
  if (!code) return fieldError('code', 'required');
  const secret = decryptSecret(ctx.config.encryptionKey, user.totp_secret_enc);
  const result = await verifyTotp(secret, code, ctx.now(), user.totp_last_step);
  if (!result.valid || result.step === null) {
    await countFailure(ctx, db, keys, pace);
    return limited ?? fieldError('code', 'code_invalid');
  }
  return startSession(ctx, db, user, keys, result.step);
}

// POST /authenticate/recovery/: password plus one unused recovery code, which is spent.
export async function recoveryLogin(
  ctx: AppContext,
  db: Db,
  input: Credentials & { recovery_code: string },
  ip: string,
  scope: AuditScope,
  pace: Pace,
): Promise<TokenPair | AppError> {
  const checked = await checkPassword(ctx, db, input, ip, scope, pace, Boolean(input.recovery_code.trim()));
  if (checked instanceof AppError) return checked;
  const { user, keys, limited } = checked;
  const hmac = recoveryCodeHmac(ctx.config.encryptionKey, input.recovery_code);
  if (!user.totp_enabled || !(await spendRecoveryCode(db, user.id, hmac, ctx.now()))) {
    await countFailure(ctx, db, keys, pace);
    return limited ?? fieldError('recovery_code', 'recovery_code_invalid');
  }
  return startSession(ctx, db, user, keys);
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
