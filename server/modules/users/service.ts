import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { AuthUser } from '../../fastify-augment';
import { notFound } from '../../lib/errors';
import { freeTrialEnd } from '../shared/billing-access';
import { findOrganization } from '../shared/organization-rows';
import { listPublicationsFor } from '../shared/publications-repo';
import { findUserById, updateUserSettings } from '../shared/users-repo';
import { canViewUser } from '../../lib/permissions';
import { benefitsFor, groupsFor, permissionsFor } from '../shared/roles';
import type { UserDocument } from '../../../contract/users';
import { assignedDomainNames } from './repo';

// A user sees their own record, owners and admins their organization's, support anyone's (canViewUser).
// Anything else is a 404, not a 403, so ids of other accounts are not confirmed to exist.
export async function findVisibleUser(db: Db, caller: AuthUser, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || !canViewUser(caller, user)) throw notFound();
  return user;
}

/** trialDays: BILLING_TRIAL_DAYS when billing is on, for the end of a self-registered organization's free trial. */
export async function userDocumentFor(db: Db, user: UserRow, trialDays?: number): Promise<UserDocument> {
  const organization = user.organization_id ? await findOrganization(db, user.organization_id) : undefined;
  const trialEnd = organization
    ? (organization.trial_end_date ?? freeTrialEnd(organization, trialDays))
    : null;
  const publications = await listPublicationsFor(db, user.organization_id, user.id);
  return {
    data: {
      type: 'users',
      id: user.id,
      attributes: {
        id: user.id,
        username: user.username,
        email: user.email,
        alerts_email: user.alerts_email,
        groups: groupsFor(user.role),
        domains: await assignedDomainNames(db, user.id),
        permissions: permissionsFor(user.role),
        has_2_factor_authentication: user.totp_enabled,
        stripe_customer_id: user.stripe_customer_id,
        organization: user.organization_id,
        benefits: benefitsFor(organization?.benefits),
        trial_end_date: trialEnd ? trialEnd.toISOString().slice(0, 10) : null,
        publications: publications.map((p) => ({ id: p.id, title: p.title })),
        last_login: user.last_login ? user.last_login.toISOString() : null,
        layout_theme: user.layout_theme,
        language: user.language,
      },
    },
  };
}

// Only the user themself changes their interface settings.
export async function changeSettings(
  db: Db,
  caller: AuthUser,
  id: number,
  changes: { layout_theme?: 'primaryTheme' | 'carrierTheme'; language?: 'en' | 'pt' },
  trialDays?: number,
): Promise<UserDocument> {
  if (caller.id !== id) throw notFound();
  await updateUserSettings(db, id, changes);
  const user = await findUserById(db, id);
  if (!user) throw notFound();
  return userDocumentFor(db, user, trialDays);
}
