import { defaultBenefits } from '../../../contract/auth';
import type { Role, StoredBenefits } from '../../db/schema';

// Authorization groups are the roles for now (a groups table comes with the users/groups area).
const groupOrder: Role[] = ['owner', 'admin', 'member', 'support', 'client'];
const groupLabels: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  support: 'Support',
  client: 'Client',
};

export function groupsFor(role: Role): { label: string; value: number }[] {
  return [{ label: groupLabels[role], value: groupOrder.indexOf(role) + 1 }];
}

// Named permissions sent to the SPA to show or hide actions; the server checks its own predicates.
const rolePermissions: Record<Role, string[]> = {
  owner: [
    'organization.change',
    'organization.owner',
    'members.change',
    'domains.change',
    'billing.change',
    'audit.view',
  ],
  admin: ['organization.change', 'members.change', 'domains.change', 'audit.view'],
  member: ['domains.view'],
  support: ['support.view_all', 'audit.view'],
  client: ['domains.change', 'billing.change', 'audit.view'],
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
  };
}
