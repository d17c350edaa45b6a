import { api, apiBase } from '../../api/client';

// Domains and domain groups (under /api/dm).
const dm = apiBase.dm;

/** Ownership of a domain (docs/PERMISSIONS.md): its state and the records that verify it. */
export type Verification = {
  status: 'verified' | 'pending';
  method: 'dmarc' | 'txt' | 'grandfathered' | null;
  verifiedAt: string | null;
  checkedAt: string | null;
  problem: 'not_found' | 'dns' | 'unavailable' | null;
  reportAddress: string;
  dmarcRua: string;
  txtName: string;
  txtValue: string;
};
export type Domain = { id: number; attributes: { name: string; verification?: Verification } };
export type DomainGroup = { id: number; attributes: { name: string; domains: string[] } };

export async function fetchDomains(): Promise<Domain[]> {
  return (await api.get<{ data: Domain[] }>(`${dm}/v2/domains/?page=1&page_size=100`)).data.data;
}

export async function createDomain(name: string) {
  return (await api.post(`${dm}/domains/create/`, new URLSearchParams({ name }))).data;
}

/** "Check now": asks DNS for the domain's proof and answers the domain with its new state. */
export async function verifyDomain(id: number): Promise<Domain> {
  return (await api.post<{ data: Domain }>(`${dm}/v2/domains/${id}/verify/`)).data.data;
}

export async function deleteDomain(name: string) {
  return (await api.post(`${dm}/domains/${encodeURIComponent(name)}/delete/`)).data;
}

export async function fetchDomainGroups(): Promise<DomainGroup[]> {
  return (await api.get<{ data: DomainGroup[] }>(`${dm}/v2/domain-groups/?page=1&page_size=100`)).data.data;
}

export async function createDomainGroup(name: string) {
  return (await api.post(`${dm}/v2/domain-groups/`, { name })).data;
}

export async function deleteDomainGroup(id: number) {
  return (await api.delete(`${dm}/v2/domain-groups/${id}/`)).data;
}

export async function addGroupDomains(id: number, domains: string[]) {
  return (await api.post(`${dm}/v2/domain-groups/${id}/domains/`, { domains })).data;
}

export async function removeGroupDomains(id: number, domains: string[]) {
  return (await api.delete(`${dm}/v2/domain-groups/${id}/domains/`, { data: { domains } })).data;
}
