import { api, apiBase } from '../../api/client';
import { queryParams } from '../../api/queryParams';
import type { Wire } from '../../../contract/casing';
import type {
  analysisDetail,
  analysisDetailQuery,
  analysisListQuery,
  recheckResponse,
} from '../../../contract/analysis';
import type {
  AnalysisPage,
  AnalysisQuery,
  AnalysisSystem,
  DetailQuery,
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
  return queryParams<typeof analysisListQuery>({
    page: q.page,
    page_size: q.pageSize,
    organization: q.organization,
    domain_groups: q.domainGroups?.join(','),
    domain: q.domain,
    search: q.search?.trim(),
    ordering: q.ordering,
  });
}

export async function fetchAnalysisList(q: AnalysisQuery, signal?: AbortSignal): Promise<AnalysisPage> {
  const { data } = await api.get<AnalysisPage>(analysisUrls.list(q.system), {
    params: analysisParams(q),
    signal,
  });
  return data;
}

export async function fetchAnalysisDetail(
  { system, domainId, organization }: DetailQuery,
  signal?: AbortSignal,
): Promise<DomainAnalysisDetail> {
  const { data } = await api.get<Wire<typeof analysisDetail>>(analysisUrls.detail(system, domainId), {
    params: queryParams<typeof analysisDetailQuery>({ organization }),
    signal,
  });
  return data.data;
}

export async function recheckDomain(domainId: number): Promise<RecheckAnswer> {
  const { data } = await api.post<Wire<typeof recheckResponse>>(analysisUrls.recheck(domainId));
  return data.data;
}
