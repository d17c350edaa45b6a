import type { Role } from '../db/schema';
import {
  type Actor,
  canChangeGroups,
  canCreateOrganization,
  canDeleteOrganization,
  canEditDomain,
  canEditUser,
  canGrantRole,
  canManageAdmins,
  canManageMembers,
  canViewOrganization,
  canViewUser,
} from './permissions';

const actor = (role: Role, organizationId: number | null = 1, id = 10): Actor => ({
  id,
  role,
  organizationId: role === 'support' ? null : organizationId,
  isSupport: role === 'support',
});
const org = { id: 1 };
const other = { id: 2 };

describe('permission predicates', () => {
  it('let owners and clients do everything in their organization, and nothing in another', () => {
    for (const role of ['owner', 'client'] as const) {
      expect(canDeleteOrganization(actor(role), org)).toBe(true);
      expect(canManageAdmins(actor(role), org)).toBe(true);
      expect(canDeleteOrganization(actor(role), other)).toBe(false);
      expect(canEditDomain(actor(role), { organization_id: 2 })).toBe(false);
    }
  });

  it('let admins manage members and domains but not admins or the owner', () => {
    const admin = actor('admin');
    expect(canManageMembers(admin, org)).toBe(true);
    expect(canEditDomain(admin, { organization_id: 1 })).toBe(true);
    expect(canManageAdmins(admin, org)).toBe(false);
    expect(canDeleteOrganization(admin, org)).toBe(false);
    expect(canEditUser(admin, { id: 11, organization_id: 1, role: 'member' })).toBe(true);
    expect(canEditUser(admin, { id: 12, organization_id: 1, role: 'admin' })).toBe(false);
    expect(canEditUser(admin, { id: 13, organization_id: 1, role: 'owner' })).toBe(false);
    expect(canGrantRole(admin, 1, 'member')).toBe(true);
    expect(canGrantRole(admin, 1, 'admin')).toBe(false);
  });

  it('let members read their organization and edit only themselves', () => {
    const member = actor('member');
    expect(canViewOrganization(member, org)).toBe(true);
    expect(canViewOrganization(member, other)).toBe(false);
    expect(canManageMembers(member, org)).toBe(false);
    expect(canEditUser(member, { id: 10, organization_id: 1, role: 'member' })).toBe(true);
    expect(canEditUser(member, { id: 11, organization_id: 1, role: 'member' })).toBe(false);
    expect(canViewUser(member, { id: 11, organization_id: 1, role: 'member' })).toBe(false);
    expect(canChangeGroups(member, { id: 10, organization_id: 1, role: 'member' })).toBe(false);
  });

  it('let support read everything, create organizations, and change nothing of others', () => {
    const support = actor('support');
    expect(canViewOrganization(support, other)).toBe(true);
    expect(canViewUser(support, { id: 11, organization_id: 2, role: 'owner' })).toBe(true);
    expect(canCreateOrganization(support)).toBe(true);
    expect(canCreateOrganization(actor('owner'))).toBe(false);
    expect(canManageMembers(support, other)).toBe(false);
    expect(canEditDomain(support, { organization_id: 2 })).toBe(false);
    expect(canEditUser(support, { id: 11, organization_id: 2, role: 'member' })).toBe(false);
    expect(canEditUser(support, { id: 10, organization_id: null, role: 'support' })).toBe(true);
  });
});
