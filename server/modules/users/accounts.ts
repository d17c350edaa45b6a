import type { Db } from '../../db/database';
import type { Role, UserRow } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { createOrganization, findOrganizationByName } from '../shared/organization-rows';
import { findUserByUsername, insertUser } from '../shared/users-repo';

export type NewAccount = {
  email: string;
  password: string;
  role: Role;
  organizationName?: string;
};

// Creates a user whose username is their email, in the named organization (created when missing).
// Used by the first-start bootstrap, `msas create-user` and `msas seed`.
export async function createAccount(db: Db, account: NewAccount): Promise<UserRow> {
  const email = account.email.trim();
  if (await findUserByUsername(db, email)) {
    throw fieldError('username', 'username_taken');
  }
  let organizationId: number | null = null;
  if (account.organizationName) {
    const existing = await findOrganizationByName(db, account.organizationName);
    organizationId = (existing ?? (await createOrganization(db, account.organizationName))).id;
  }
  const user = await insertUser(db, {
    username: email,
    email,
    password_hash: await hashPassword(account.password),
    role: account.role,
    is_support: account.role === 'support',
    organization_id: organizationId,
    alerts_email: null,
    totp_secret_enc: null,
    totp_last_step: null,
    stripe_customer_id: null,
  });
  // The first owner of an organization is its owner (organizations.owner_id).
  if (organizationId !== null && account.role === 'owner') {
    await db
      .updateTable('organizations')
      .set({ owner_id: user.id })
      .where('id', '=', organizationId)
      .where('owner_id', 'is', null)
      .execute();
  }
  return user;
}
