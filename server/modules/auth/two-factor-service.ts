import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { fieldError, notAuthenticated } from '../../lib/errors';
import { findUserById, setTotpState } from '../shared/users-repo';
import { firstLimitExceeded, limiterKeys, recordFailure } from './rate-limit';
import { newRecoveryCodes, recoveryCodeHmac } from './recovery-codes';
import { queueTemplate } from '../../mail/app-mail';
import {
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  revokeUserRefreshTokens,
  spendRecoveryCode,
} from './repo';
import { newTotpSecret, totpUri, verifyTotp } from './totp';

async function loadUser(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notAuthenticated();
  return user;
}

// A 2FA change ends every session's refresh token (the access token in hand lives out its short TTL) and
// tells the account holder by e-mail.
async function afterChange(
  ctx: AppContext,
  db: Db,
  user: { id: number; email: string; username: string; name: string | null; language: string | null },
  kind: 'twoFactorEnabled' | 'twoFactorDisabled',
  outbox: number[],
) {
  await revokeUserRefreshTokens(db, user.id, ctx.now());
  await queueTemplate(ctx, db, outbox, user.email, kind, user.language, {
    name: user.name ?? user.username,
    username: user.username,
  });
}

// Start: a new secret, stored encrypted and not yet enabled, returned once with its otpauth:// URI and QR code.
export async function startSetup(ctx: AppContext, db: Db, userId: number) {
  const user = await loadUser(db, userId);
  if (user.totp_enabled) return fieldError('non_field_errors', 'two_factor_already_enabled');
  const secret = newTotpSecret();
  await setTotpState(db, user.id, {
    totp_secret_enc: encryptSecret(ctx.config.encryptionKey, secret),
    totp_enabled: false,
    totp_last_step: null,
  });
  const configUrl = totpUri(secret, user.email || user.username);
  const qrCode = await QRCode.toDataURL(configUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { config_url: configUrl, secret, qr_code: qrCode };
}

// Every code a signed-in user offers (TOTP or recovery) counts against one per-user limit.
function codeLimit(ctx: AppContext, db: Db, userId: number) {
  const key = limiterKeys.twoFactor(userId);
  return firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimit }], ctx.now());
}

async function checkCode(
  ctx: AppContext,
  db: Db,
  userId: number,
  secretEnc: string,
  code: string | undefined,
) {
  const now = ctx.now();
  const key = limiterKeys.twoFactor(userId);
  const limited = await codeLimit(ctx, db, userId);
  if (limited) return { error: limited };
  if (!code?.trim()) return { error: fieldError('code', 'required') };
  const user = await loadUser(db, userId);
  const secret = decryptSecret(ctx.config.encryptionKey, secretEnc);
  const result = await verifyTotp(secret, code, now, user.totp_last_step);
  if (!result.valid || result.step === null) {
    await recordFailure(db, [key], now);
    return { error: fieldError('code', 'code_invalid') };
  }
  return { step: result.step };
}

// Confirm: the first valid code enables 2FA; ten recovery codes are returned once and stored as HMACs.
export async function confirmSetup(
  ctx: AppContext,
  db: Db,
  userId: number,
  code: string | undefined,
  outbox: number[] = [],
) {
  const user = await loadUser(db, userId);
  if (user.totp_enabled) return fieldError('non_field_errors', 'two_factor_already_enabled');
  if (!user.totp_secret_enc) return fieldError('non_field_errors', 'two_factor_setup_not_started');
  const checked = await checkCode(ctx, db, user.id, user.totp_secret_enc, code);
  if (checked.error) return checked.error;
  await setTotpState(db, user.id, {
    totp_secret_enc: user.totp_secret_enc,
    totp_enabled: true,
    totp_last_step: checked.step,
  });
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    user.id,
    codes.map((c) => recoveryCodeHmac(ctx.config.encryptionKey, c)),
  );
  await afterChange(ctx, db, user, 'twoFactorEnabled', outbox);
  return { recovery_codes: codes };
}

// Disable: needs a current code (or an unused recovery code); clears the secret and the recovery codes.
export async function disable(
  ctx: AppContext,
  db: Db,
  userId: number,
  code: string | undefined,
  outbox: number[] = [],
) {
  const user = await loadUser(db, userId);
  if (!user.totp_enabled || !user.totp_secret_enc)
    return fieldError('non_field_errors', 'two_factor_not_enabled');
  const trimmed = code?.trim() ?? '';
  const isRecovery = trimmed.length > 0 && !/^\d{6}$/.test(trimmed.replace(/\s+/g, ''));
  if (isRecovery) {
    const limited = await codeLimit(ctx, db, user.id);
    if (limited) return limited;
    const spent = await spendRecoveryCode(
      db,
      user.id,
      recoveryCodeHmac(ctx.config.encryptionKey, trimmed),
      ctx.now(),
    );
    if (!spent) {
      await recordFailure(db, [limiterKeys.twoFactor(user.id)], ctx.now());
      return fieldError('code', 'code_invalid');
    }
  } else {
    const checked = await checkCode(ctx, db, user.id, user.totp_secret_enc, code);
    if (checked.error) return checked.error;
  }
  await setTotpState(db, user.id, { totp_secret_enc: null, totp_enabled: false, totp_last_step: null });
  await deleteRecoveryCodes(db, user.id);
  await afterChange(ctx, db, user, 'twoFactorDisabled', outbox);
  return {};
}
