import { defaultBenefits } from '../../../contract/auth';
import type { Role, StoredBenefits } from '../../db/schema';

// Authorization groups are the roles: one group per user, ids fixed (GET /authorization-groups/).
export const groupOrder: Role[] = ['owner', 'admin', 'member', 'support', 'client'];
export const groupLabels: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  support: 'Support',
  client: 'Client',
};
export const groupId = (role: Role) => groupOrder.indexOf(role) + 1;
export const roleForGroup = (id: number): Role | undefined => groupOrder[id - 1];

export function groupsFor(role: Role): { label: string; value: number }[] {
  return [{ label: groupLabels[role], value: groupId(role) }];
}

// Named permissions sent to the SPA to show or hide actions; the server checks lib/permissions.ts.
const rolePermissions: Record<Role, string[]> = {
  owner: [
    'organization.change',
    'organization.owner',
    'members.change',
    'admins.change',
    'domains.change',
    'billing.change',
    'settings.change',
    'audit.view',
  ],
  admin: ['organization.change', 'members.change', 'domains.change', 'settings.change', 'audit.view'],
  member: ['domains.view'],
  support: ['support.view_all', 'audit.view'],
  client: [
    'organization.change',
    'members.change',
    'admins.change',
    'domains.change',
    'billing.change',
    'settings.change',
    'audit.view',
  ],
};

export function permissionsFor(role: Role): string[] {
  return [...rolePermissions[role]];
}

export const defaultMembersLimit = 10;

export function benefitsFor(stored: StoredBenefits | undefined) {
  return {
    domains: stored?.domains ?? defaultBenefits.domains,
    campaigns: stored?.campaigns ?? defaultBenefits.campaigns,
    campaign_recipients: stored?.campaign_recipients ?? defaultBenefits.campaignRecipients,
    retention: stored?.retention ?? defaultBenefits.retention,
    organization_members_limit: stored?.organization_members_limit ?? defaultMembersLimit,
    alerts: stored?.alerts ?? defaultBenefits.alerts,
    digest_reports: stored?.digest_reports ?? defaultBenefits.digestReports,
    dns_zones: stored?.dns_zones ?? defaultBenefits.dnsZones,
  };
}
