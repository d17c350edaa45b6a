import type { Wire } from '../../../contract/casing';
import type {
  domainGroupListDocument,
  domainGroupListQuery,
  domainListDocument,
  domainListQuery,
} from '../../../contract/domains';
import type { organizationListDocument, organizationListQuery } from '../../../contract/organizations';
import type { pageLinksSchema, pageMetaSchema } from '../../../contract/paging';
import { api } from '../../api/client';
import { call, urlOf } from '../../api/call';
import { domainGroupOps } from '../../../contract/operations/domain-groups';
import { domainOps } from '../../../contract/operations/domains';
import { organizationOps } from '../../../contract/operations/organizations';
import { queryParams } from '../../api/queryParams';

// Choices of the global filter. An installation can hold thousands of organizations and domains, so those two
// pickers ask the server page by page with the typed text (the lists' ?search=); domain groups are few per
// organization and carry their domains, so every page of them is read. The documents are the contract's.

export type OrganizationOption = { id: number; name: string };
export type GroupOption = { id: number; name: string; domains: string[] };
/** Every domain group, and the first page of domains (the picker asks for more as the user types). */
export type FilterOptions = { groups: GroupOption[]; domains: OptionsPage<string> };
/** One page of a searched list, and whether the server has more after it. */
export type OptionsPage<T> = { items: T[]; hasMore: boolean };

/** Any list document of the contract (contract/paging.ts listDocument), camelCased. */
type Paged = { data: unknown[]; links: Wire<typeof pageLinksSchema>; meta: Wire<typeof pageMetaSchema> };

/** The largest page the list routes serve (server/lib/paging.ts). */
export const optionsPageSize = 100;
/** Pages of a long list asked at once: enough to be quick, few enough to leave the browser's slots free. */
const parallelPages = 4;

// The paged lists are read with axios' params (URLSearchParams from queryParams), so only their paths are taken.
const organizationsUrl = urlOf(organizationOps.list);
const groupsUrl = urlOf(domainGroupOps.listV2);
const domainsUrl = urlOf(domainOps.listV2);

/** One page of a list; `params` come from the list's query schema (queryParams), the paging is added here. */
async function fetchPage<D extends Paged>(
  url: string,
  params: URLSearchParams,
  page: number,
  signal?: AbortSignal,
) {
  const paged = new URLSearchParams(params);
  paged.set('page', String(page));
  paged.set('page_size', String(optionsPageSize));
  const { data } = await api.get<D>(url, { params: paged, signal });
  return data;
}

/** Every row of a paged list: the first page says how many there are, the rest are read a few at a time. */
export async function fetchAllPages<D extends Paged>(
  url: string,
  params: URLSearchParams,
  signal?: AbortSignal,
) {
  const first = await fetchPage<D>(url, params, 1, signal);
  const pages = Math.ceil(first.meta.count / first.meta.pageSize);
  const rows: D['data'][number][] = [...first.data];
  for (let from = 2; from <= pages; from += parallelPages) {
    const batch = [];
    for (let page = from; page < from + parallelPages && page <= pages; page++)
      batch.push(fetchPage<D>(url, params, page, signal));
    for (const doc of await Promise.all(batch)) rows.push(...doc.data);
  }
  return rows;
}

/** One page of the organizations the caller can see whose name contains `search`, by name. */
export async function fetchOrganizationPage(
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<OptionsPage<OrganizationOption>> {
  const doc = await fetchPage<Wire<typeof organizationListDocument>>(
    organizationsUrl,
    queryParams<typeof organizationListQuery>({ order_by: 'name', search: search.trim() }),
    page,
    signal,
  );
  return {
    items: doc.data.map((o) => ({ id: Number(o.id), name: o.attributes.name })),
    hasMore: !!doc.links.next,
  };
}

/** The first page, which also tells the filter whether the caller sees more than one organization. */
export async function fetchOrganizationOptions(signal?: AbortSignal): Promise<OrganizationOption[]> {
  return (await fetchOrganizationPage('', 1, signal)).items;
}

/** The name of one organization, for a shared link whose organization is not among the loaded options. */
export async function fetchOrganizationName(id: number, signal?: AbortSignal): Promise<string> {
  return (await call(organizationOps.get, { params: { id } }, { signal })).data.attributes.name;
}

/** One page of the domains of `organization` (the caller's own when null) whose name contains `search`. */
export async function fetchDomainPage(
  organization: number | null,
  search: string,
  page: number,
  signal?: AbortSignal,
): Promise<OptionsPage<string>> {
  const doc = await fetchPage<Wire<typeof domainListDocument>>(
    domainsUrl,
    queryParams<typeof domainListQuery>({ organization: organization ?? undefined, search: search.trim() }),
    page,
    signal,
  );
  return { items: doc.data.map((d) => d.attributes.name), hasMore: !!doc.links.next };
}

export async function fetchFilterOptions(
  organization: number | null,
  signal?: AbortSignal,
): Promise<FilterOptions> {
  const params = queryParams<typeof domainGroupListQuery>({ organization: organization ?? undefined });
  // ?organization= narrows the groups list too (a support user's would otherwise hold every organization's).
  const [groups, domains] = await Promise.all([
    fetchAllPages<Wire<typeof domainGroupListDocument>>(groupsUrl, params, signal),
    fetchDomainPage(organization, '', 1, signal),
  ]);
  return {
    groups: groups.map((g) => ({
      id: Number(g.id),
      name: g.attributes.name,
      domains: g.attributes.domains,
    })),
    domains,
  };
}
