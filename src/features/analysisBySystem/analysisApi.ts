import { call, send } from '../../api/call';
import { analysisOps } from '../../../contract/operations/analysis';
import type { AnalysisPage, AnalysisQuery, DetailQuery, DomainAnalysisDetail, RecheckAnswer } from './types';

/** The query string of a list call: the global filter, search, ordering and page. */
export function analysisParams(q: AnalysisQuery) {
  return {
    page: q.page,
    page_size: q.pageSize,
    organization: q.organization,
    domain_groups: q.domainGroups?.join(','),
    domain: q.domain,
    search: q.search?.trim(),
    ordering: q.ordering,
  };
}

export async function fetchAnalysisList(q: AnalysisQuery, signal?: AbortSignal): Promise<AnalysisPage> {
  const input = { params: { system: q.system }, query: analysisParams(q) };
  const { data } = await send(analysisOps.list, input, { signal });
  return data as AnalysisPage;
}

export async function fetchAnalysisDetail(
  { system, domainId, organization }: DetailQuery,
  signal?: AbortSignal,
): Promise<DomainAnalysisDetail> {
  const input = { params: { system, domainId }, query: { organization } };
  return (await call(analysisOps.detail, input, { signal })).data;
}

export async function recheckDomain(domainId: number): Promise<RecheckAnswer> {
  return (await call(analysisOps.recheck, { params: { id: domainId } })).data;
}
