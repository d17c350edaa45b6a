import { api, apiBase } from '../../api/client';

// Choices of the global filter: the organizations the caller can see, and the domain groups and domains of
// the chosen organization (the caller's own when none is chosen). One page of 100 is plenty for a picker.

export type OrganizationOption = { id: number; name: string };
export type GroupOption = { id: number; name: string; domains: string[] };
export type FilterOptions = { groups: GroupOption[]; domains: string[] };

type Doc<A> = { data: { id: number | string; attributes: A }[] };

export async function fetchOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  const { data } = await api.get<Doc<{ name: string }>>(`${apiBase.ph}/organizations/`, {
    params: { page: 1, page_size: 100, order_by: 'name' },
    signal,
  });
  return data.data.map((o) => ({ id: Number(o.id), name: o.attributes.name }));
}

export async function fetchFilterOptions(
  organization: number | null,
  signal?: AbortSignal,
): Promise<FilterOptions> {
  const params = { page: 1, page_size: 100, ...(organization === null ? {} : { organization }) };
  const [groups, domains] = await Promise.all([
    api.get<Doc<{ name: string; domains?: string[] }>>(`${apiBase.dm}/v2/domain-groups/`, { params, signal }),
    api.get<Doc<{ name: string }>>(`${apiBase.dm}/v2/domains/`, { params, signal }),
  ]);
  return {
    groups: groups.data.data.map((g) => ({
      id: Number(g.id),
      name: g.attributes.name,
      domains: g.attributes.domains ?? [],
    })),
    domains: domains.data.data.map((d) => d.attributes.name),
  };
}
