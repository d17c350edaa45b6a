import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { randomToken } from '../../lib/crypto';
import { fieldError } from '../../lib/errors';
import { type Actor, canDeleteUser, isOwnerLevel } from '../../lib/permissions';
import { hashPassword, verifyPassword } from '../../lib/password';
import { revokeUserRefreshTokens } from '../auth';
import { detachAndDelete } from '../organizations';
import { findOrganization } from '../shared/organization-rows';
import { permittedUser } from './admin-service';

export const accountDeleted = 'The account has been deleted.';

// POST /users/{id}/delete/. The account is kept as an anonymised, inactive row so the audit trail still names
// its id. An owner whose organization has other members must transfer ownership first; a sole owner's
// organization is deleted with its data. Deleting yourself needs your password.
export async function deleteUser(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  id: number,
  password: string | undefined,
) {
  const user = await permittedUser(db, actor, id, canDeleteUser);
  if (user.id === actor.id) {
    if (!password) return fieldError('password', 'password_required');
    if (!(await verifyPassword(user.password_hash, password)))
      return fieldError('password', 'password_wrong');
  }
  const org = user.organization_id ? await findOrganization(db, user.organization_id) : undefined;
  if (org && (org.owner_id === user.id || isOwnerLevel(user.role))) {
    const { n } = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('organization_id', '=', org.id)
      .where('is_active', '=', true)
      .where('id', '!=', user.id)
      .executeTakeFirstOrThrow();
    if (n > 0) return fieldError('organization', 'owner_with_members');
    await detachAndDelete(db, org.id);
  }
  await db
    .updateTable('users')
    .set({
      is_active: false,
      username: `deleted-${user.id}-${randomToken(6)}`,
      email: '',
      name: null,
      alerts_email: null,
      organization_id: null,
      role: 'member',
      password_hash: await hashPassword(randomToken(24)),
      totp_secret_enc: null,
      totp_enabled: false,
      totp_last_step: null,
    })
    .where('id', '=', user.id)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
  await db.deleteFrom('user_domains').where('user_id', '=', user.id).execute();
  await revokeUserRefreshTokens(db, user.id, ctx.now());
  return { detail: accountDeleted };
}
