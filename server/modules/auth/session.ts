import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { buildClaims } from './claims';
import { signAccessToken } from './jwt';
import { insertRefreshToken } from './repo';

export type TokenPair = { access: string; refresh: string };

// A new access token plus a refresh token: 32 random bytes, stored only as their SHA-256.
// familyId continues a rotation chain; a login starts a new one.
export async function issueTokens(
  ctx: AppContext,
  db: Db,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const now = ctx.now();
  const claims = await buildClaims(db, user, ctx.config.billing?.trialDays, now);
  const access = await signAccessToken(claims, ctx.config.jwtSecret, ctx.config.accessTokenTtl, now);
  const refresh = randomToken(32);
  await insertRefreshToken(db, {
    token_hash: sha256Hex(refresh),
    family_id: familyId,
    user_id: user.id,
    expires_at: new Date(now.getTime() + ctx.config.refreshTokenTtl * 1000),
  });
  return { access, refresh };
}
