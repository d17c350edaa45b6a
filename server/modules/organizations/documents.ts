import type { Db } from '../../db/database';
import type { OrganizationRow, UserRow } from '../../db/schema';
import { reportAddress, type ReportAddressing } from '../../mail/report-address';
import { reportDomainRecords } from '../../mail/report-domain';
import { type DomainScope, wholeOrganization } from '../shared/domain-scope';
import { benefitsFor, groupsFor } from '../shared/roles';
import { relationshipIds } from './repo';
import type { OrganizationResource } from '../../../contract/organizations';

const refs = (type: string, ids: number[]) => ({ data: ids.map((id) => ({ type, id })) });

// One organization as a JSON:API resource with its relationships (ids only); a member limited to some domains
// is shown only theirs.
export async function organizationResourceFor(
  db: Db,
  org: OrganizationRow,
  now: Date,
  addressing: ReportAddressing,
  domains: DomainScope = wholeOrganization(org.id),
): Promise<OrganizationResource> {
  const ids = await relationshipIds(db, org.id, now, domains);
  return {
    type: 'organizations',
    id: org.id,
    attributes: {
      name: org.name,
      benefits: benefitsFor(org.benefits),
      is_stripe: org.is_stripe,
      subscription_status: org.subscription_status,
      created_at: new Date(org.created_at).toISOString(),
      // The organization's own rua address (docs/INGESTION.md, "Routing").
      report_address: reportAddress(org.report_slug, addressing),
      report_address_receives_mail: addressing.receivesMail === true,
      report_domain_records: reportDomainRecords(addressing),
    },
    relationships: {
      owner: { data: org.owner_id ? { type: 'users', id: org.owner_id } : null },
      members: refs('users', ids.members),
      member_registrations: refs('member_registrations', ids.registrations),
      domain_groups: refs('domain_groups', ids.groups),
      domains: refs('domains', ids.domains),
    },
  } as OrganizationResource;
}

export function memberResourceFor(user: UserRow) {
  return {
    type: 'users' as const,
    id: user.id,
    attributes: {
      username: user.username,
      email: user.email,
      role: user.role,
      groups: groupsFor(user.role),
      is_active: user.is_active,
      last_login: user.last_login ? new Date(user.last_login).toISOString() : null,
    },
  };
}
