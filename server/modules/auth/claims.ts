import type { Db } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { AccessClaimsInput } from './jwt';
import { listPublicationsFor } from '../shared/publications-repo';
import { findOrganization } from '../shared/organization-rows';

// The access token's claims are read fresh from the database at login and at every refresh.
export async function buildClaims(db: Db, user: UserRow): Promise<AccessClaimsInput> {
  const organization = user.organization_id ? await findOrganization(db, user.organization_id) : undefined;
  const publications = await listPublicationsFor(db, user.organization_id, user.id);
  return {
    userId: user.id,
    isSupport: user.is_support,
    userEmail: user.email,
    organizationId: user.organization_id,
    subscription_status: organization?.subscription_status ?? null,
    lastLogin: user.last_login ? user.last_login.toISOString() : null,
    publications: publications.map((p) => ({ id: p.id, title: p.title })),
  };
}
