import { api, apiBase } from '../../api/client';
import type { Wire } from '../../../contract/casing';
import type { analysisDetail, recheckResponse } from '../../../contract/analysis';
import type {
  AnalysisPage,
  AnalysisQuery,
  AnalysisSystem,
  DomainAnalysisDetail,
  RecheckAnswer,
} from './types';

const base = `${apiBase.dm}/analysis-by-system`;

export const analysisUrls = {
  list: (system: AnalysisSystem) => `${base}/${system}/`,
  detail: (system: AnalysisSystem, domainId: number) => `${base}/${system}/${domainId}/`,
  recheck: (domainId: number) => `${apiBase.dm}/v2/domains/${domainId}/recheck/`,
} as const;

/** The query string of a list call: the global filter, search, ordering and page. */
export function analysisParams(q: AnalysisQuery): URLSearchParams {
  const params = new URLSearchParams({ page: String(q.page), page_size: String(q.pageSize) });
  if (q.organization) params.set('organization', String(q.organization));
  if (q.domainGroups?.length) params.set('domain_groups', q.domainGroups.join(','));
  if (q.domain) params.set('domain', q.domain);
  if (q.search?.trim()) params.set('search', q.search.trim());
  if (q.ordering) params.set('ordering', q.ordering);
  return params;
}

export async function fetchAnalysisList(q: AnalysisQuery, signal?: AbortSignal): Promise<AnalysisPage> {
  const { data } = await api.get<AnalysisPage>(analysisUrls.list(q.system), {
    params: analysisParams(q),
    signal,
  });
  return data;
}

export async function fetchAnalysisDetail(
  { system, domainId, organization }: { system: AnalysisSystem; domainId: number; organization?: number },
  signal?: AbortSignal,
): Promise<DomainAnalysisDetail> {
  const { data } = await api.get<Wire<typeof analysisDetail>>(analysisUrls.detail(system, domainId), {
    params: organization ? { organization } : undefined,
    signal,
  });
  return data.data;
}

export async function recheckDomain(domainId: number): Promise<RecheckAnswer> {
  const { data } = await api.post<Wire<typeof recheckResponse>>(analysisUrls.recheck(domainId));
  return data.data;
}
