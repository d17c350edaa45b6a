import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  organizationCreateBody,
  organizationDocument,
  organizationListDocument,
  organizationListQuery,
  organizationUpdateBody,
} from '../../../contract/organizations';
import type { createUserBody } from '../../../contract/users';
import { call, type Answer } from '../../api/call';
import { organizationDomainOps } from '../../../contract/operations/organization-domains';
import { organizationOps } from '../../../contract/operations/organizations';
import { userOps } from '../../../contract/operations/users';

// Support-wide organization administration and organization domains (spec section 7, under /api/ph); the
// shapes are the contract's (contract/organizations.ts, contract/domains.ts).

/** The list's filter as the panel holds it (the order is always by name). */
export type OrganizationQuery = Required<Pick<WireQuery<typeof organizationListQuery>, 'search' | 'page'>>;
export type OrganizationPage = Wire<typeof organizationListDocument>;
/** The creation form: the organization's name and its owner's new account. */
export type NewOrganization = {
  name: z.input<typeof organizationCreateBody>['name'];
  owner: Required<Pick<z.input<typeof createUserBody>, 'username' | 'email' | 'password'>>;
};
export type OrganizationDomain = Answer<typeof organizationDomainOps.add>['data'];
type OrganizationAnswer = Wire<typeof organizationDocument>;
type DomainAnswer = Answer<typeof organizationDomainOps.add>;

/** Spec section 9: organizations reload with ?page=1&order_by=name; the search narrows by name. */
export async function fetchOrganizationPage(query: OrganizationQuery): Promise<OrganizationPage> {
  return call(organizationOps.list, { query: { ...query, order_by: 'name' } });
}

/** Which step of the two-step creation failed: the owner account, or the organization after it. */
export type CreateStep = 'owner' | 'organization';
export const failedStep = (error: unknown): CreateStep | undefined =>
  (error as { createStep?: CreateStep } | null)?.createStep;

function tagged(error: unknown, step: CreateStep): unknown {
  if (error && typeof error === 'object') Object.assign(error, { createStep: step });
  return error;
}

// Owners created by a first step whose organization step failed: trying again with the same username
// reuses the account instead of failing on "username taken".
const createdOwners = new Map<string, number>();

// POST /users/ (an account without organization), then POST /organizations/ with it as owner.
export async function createOrganizationWithOwner(body: NewOrganization) {
  const key = body.owner.username.trim().toLowerCase();
  let ownerId = createdOwners.get(key);
  if (ownerId === undefined) {
    try {
      const account: z.input<typeof createUserBody> = { ...body.owner, role: 'member' };
      ownerId = (await call(userOps.create, { body: account })).data.id;
    } catch (error) {
      throw tagged(error, 'owner');
    }
    createdOwners.set(key, ownerId);
  }
  try {
    const organization: z.output<typeof organizationCreateBody> = { name: body.name, owner: ownerId };
    const created = await call(organizationOps.create, { body: organization });
    createdOwners.delete(key);
    return created;
  } catch (error) {
    throw tagged(error, 'organization');
  }
}

export async function renameOrganization(id: number, name: string): Promise<OrganizationAnswer> {
  const body: z.input<typeof organizationUpdateBody> = { name };
  return call(organizationOps.update, { params: { id }, body });
}

/** 204: no body. */
export async function deleteOrganization(id: number): Promise<void> {
  await call(organizationOps.delete, { params: { id } });
}

export async function fetchOrganizationDomains(org: number): Promise<OrganizationDomain[]> {
  const query = { page: 1, page_size: 100 };
  return (await call(organizationDomainOps.list, { params: { id: org }, query })).data;
}

export async function addOrganizationDomain(org: number, name: string): Promise<DomainAnswer> {
  return call(organizationDomainOps.add, { params: { id: org }, body: { name } });
}

export async function renameOrganizationDomain(org: number, id: number, name: string): Promise<DomainAnswer> {
  return call(organizationDomainOps.rename, { params: { id: org }, body: { id, name } });
}

/** 204: no body. */
export async function removeOrganizationDomain(org: number, id: number): Promise<void> {
  await call(organizationDomainOps.remove, { params: { id: org }, body: { id } });
}
