import type { Role } from '../db/schema';

// Every authorization rule of the platform, as named predicates (docs/PERMISSIONS.md is the same matrix in
// words). Services call these; nothing else decides who may do what. Support users (isSupport) read across
// organizations and change nothing they do not own.
export type Actor = { id: number; isSupport: boolean; organizationId: number | null; role: Role };
export type OrgTarget = { id: number };
export type UserTarget = { id: number; organization_id: number | null; role: Role };
export type OrgOwned = { organization_id: number };

const ownerRoles: readonly Role[] = ['owner', 'client'];
const adminRoles: readonly Role[] = ['owner', 'client', 'admin'];

export const isSupport = (a: Actor) => a.isSupport || a.role === 'support';
export const belongsTo = (a: Actor, organizationId: number | null) =>
  organizationId !== null && a.organizationId === organizationId && !isSupport(a);
// Owner level: the organization's owner (or a self-registered client, who owns their organization).
export const isOwnerOf = (a: Actor, organizationId: number | null) =>
  belongsTo(a, organizationId) && ownerRoles.includes(a.role);
export const isAdminOf = (a: Actor, organizationId: number | null) =>
  belongsTo(a, organizationId) && adminRoles.includes(a.role);
export const isOwnerLevel = (role: Role) => ownerRoles.includes(role);

// Organizations
export const canViewOrganization = (a: Actor, org: OrgTarget) => isSupport(a) || belongsTo(a, org.id);
export const canCreateOrganization = (a: Actor) => isSupport(a);
export const canEditOrganization = (a: Actor, org: OrgTarget) => isAdminOf(a, org.id);
export const canDeleteOrganization = (a: Actor, org: OrgTarget) => isOwnerOf(a, org.id);
export const canChangeOwner = (a: Actor, org: OrgTarget) => isOwnerOf(a, org.id);
export const canManageMembers = (a: Actor, org: OrgTarget) => isAdminOf(a, org.id);
export const canManageAdmins = (a: Actor, org: OrgTarget) => isOwnerOf(a, org.id);
export const canEditOrganizationSettings = (a: Actor, org: OrgTarget) => isAdminOf(a, org.id);
export const canViewOrganizationSettings = (a: Actor, org: OrgTarget) => isSupport(a) || isAdminOf(a, org.id);

// Domains and domain groups
export const canViewDomainsOf = (a: Actor, org: OrgTarget) => isSupport(a) || belongsTo(a, org.id);
export const canAddDomain = (a: Actor, org: OrgTarget) => isAdminOf(a, org.id);
export const canEditDomain = (a: Actor, domain: OrgOwned) => isAdminOf(a, domain.organization_id);
export const canEditDomainGroup = (a: Actor, group: OrgOwned) => isAdminOf(a, group.organization_id);

// Users
export const canListUsers = (a: Actor) => isSupport(a) || adminRoles.includes(a.role);
export const canCreateUser = (a: Actor) =>
  isSupport(a) || (a.organizationId !== null && isAdminOf(a, a.organizationId));
export const canViewUser = (a: Actor, u: UserTarget) =>
  a.id === u.id || isSupport(a) || isAdminOf(a, u.organization_id);
// An admin manages members; only the owner manages admins; nobody but the owner touches the owner.
const outranks = (a: Actor, u: UserTarget) =>
  a.id !== u.id &&
  isAdminOf(a, u.organization_id) &&
  !isOwnerLevel(u.role) &&
  u.role !== 'support' &&
  (u.role === 'member' || isOwnerOf(a, u.organization_id));
export const canEditUser = (a: Actor, u: UserTarget) => a.id === u.id || outranks(a, u);
export const canDeleteUser = (a: Actor, u: UserTarget) => a.id === u.id || outranks(a, u);
export const canChangeGroups = (a: Actor, u: UserTarget) => outranks(a, u);
export const canGrantRole = (a: Actor, organizationId: number, role: Role) =>
  role === 'member' ? isAdminOf(a, organizationId) : role === 'admin' && isOwnerOf(a, organizationId);
export const canEditUserDomains = (a: Actor, u: UserTarget) => outranks(a, u);

// Audit
export const canViewAudit = (a: Actor) => isSupport(a) || adminRoles.includes(a.role);

// Billing (docs/BILLING.md): every member sees the plan and its status (the banners); admins see invoices; the
// owner (or a client) pays, changes and cancels.
export const canViewSubscription = (a: Actor, org: OrgTarget) => belongsTo(a, org.id);
export const canViewInvoices = (a: Actor, org: OrgTarget) => isAdminOf(a, org.id);
export const canManageBilling = (a: Actor, org: OrgTarget) => isOwnerOf(a, org.id);
