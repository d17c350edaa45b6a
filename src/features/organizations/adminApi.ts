import { api, apiBase } from '../../api/client';
import type { Organization } from './organizationsApi';

// Support-wide organization administration and organization domains (spec section 7, under /api/ph).
const ph = apiBase.ph;

export type OrganizationQuery = { search: string; page: number };
export type OrganizationPage = {
  data: Organization[];
  meta: { count: number; page: number; pageSize: number };
};
export type NewOrganization = {
  name: string;
  owner: { username: string; email: string; password: string };
};
export type OrganizationDomain = { id: number; attributes: { name: string; organization: number } };

/** Spec section 9: organizations reload with ?page=1&order_by=name; the search narrows by name. */
export const organizationQueryString = ({ search, page }: OrganizationQuery) =>
  `?search=${encodeURIComponent(search)}&page=${page}&order_by=name`;

export async function fetchOrganizationPage(query: OrganizationQuery): Promise<OrganizationPage> {
  return (await api.get<OrganizationPage>(`${ph}/organizations/${organizationQueryString(query)}`)).data;
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
      const res = await api.post<{ data: { id: number } }>(`${ph}/users/`, { ...body.owner, role: 'member' });
      ownerId = res.data.data.id;
    } catch (error) {
      throw tagged(error, 'owner');
    }
    createdOwners.set(key, ownerId);
  }
  try {
    const created = (await api.post(`${ph}/organizations/`, { name: body.name, owner: ownerId })).data;
    createdOwners.delete(key);
    return created;
  } catch (error) {
    throw tagged(error, 'organization');
  }
}

export async function renameOrganization(id: number, name: string) {
  return (await api.patch(`${ph}/organizations/${id}/`, { name })).data;
}

export async function deleteOrganization(id: number) {
  return (await api.delete(`${ph}/organizations/${id}/`)).data;
}

export async function fetchOrganizationDomains(org: number): Promise<OrganizationDomain[]> {
  const url = `${ph}/organizations/${org}/domains/?page=1&page_size=100`;
  return (await api.get<{ data: OrganizationDomain[] }>(url)).data.data;
}

export async function addOrganizationDomain(org: number, name: string) {
  return (await api.post(`${ph}/organizations/${org}/domains/`, { name })).data;
}

export async function renameOrganizationDomain(org: number, id: number, name: string) {
  return (await api.patch(`${ph}/organizations/${org}/domains/`, { id, name })).data;
}

export async function removeOrganizationDomain(org: number, id: number) {
  return (await api.delete(`${ph}/organizations/${org}/domains/`, { data: { id } })).data;
}
