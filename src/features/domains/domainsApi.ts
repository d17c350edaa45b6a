import { api, apiBase } from '../../api/client';

// Domains and domain groups (under /api/dm).
const dm = apiBase.dm;

export type Domain = { id: number; attributes: { name: string } };
export type DomainGroup = { id: number; attributes: { name: string; domains: string[] } };

export async function fetchDomains(): Promise<Domain[]> {
  return (await api.get<{ data: Domain[] }>(`${dm}/v2/domains/?page=1&page_size=100`)).data.data;
}

export async function createDomain(name: string) {
  return (await api.post(`${dm}/domains/create/`, new URLSearchParams({ name }))).data;
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
