import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { AccessClaimsInput } from './jwt';
import { listPublicationsFor } from '../shared/publications-repo';
import { findOrganization } from '../shared/organization-rows';
import { accessStatus } from '../shared/billing-access';

// The access token's claims are read fresh from the database at login and at every refresh. subscription_status
// is the one access is decided by: Cancelled too once a free trial is over (the SPA's redirect of spec section 4).
export async function buildClaims(
  db: Db,
  user: UserRow,
  trialDays?: number,
  now: Date = new Date(),
): Promise<AccessClaimsInput> {
  const organization = user.organization_id ? await findOrganization(db, user.organization_id) : undefined;
  const publications = await listPublicationsFor(db, user.organization_id, user.id);
  return {
    userId: user.id,
    isSupport: user.is_support,
    userEmail: user.email,
    organizationId: user.organization_id,
    subscription_status: organization ? accessStatus(organization, trialDays, now) : null,
    lastLogin: user.last_login ? user.last_login.toISOString() : null,
    publications: publications.map((p) => ({ id: p.id, title: p.title })),
  };
}
