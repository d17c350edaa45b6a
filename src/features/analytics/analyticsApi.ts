import { saveFile } from '../../api/saveFile';
import { api, apiBase } from '../../api/client';
import { all, type FilterState } from '../filter/filterSlice';
import { filterToQuery } from '../filter/filterQuery';
import { dispositionName } from '../processedData/reportsApi';
import type { Wire } from '../../../contract/casing';
import type { metricsDocument, reportPeriodDocument, timeSeriesDocument } from '../../../contract/analytics';
import type { AnalyticsList, ListParams, Overview } from './types';

const dm = apiBase.dm;
const reports = `${dm}/dmarc/aggregate-reports`;

export const analyticsUrls = {
  byDomain: `${dm}/aggregated-by-domain/`,
  byIp: `${dm}/aggregated-by-ip/`,
  bySenderService: `${dm}/aggregated-by-sender-service/`,
  messages: `${reports}/messages/`,
  senderDetails: `${reports}/sender-details/`,
  senderAssociations: `${reports}/sender-associations/`,
  reports: `${reports}/`,
} as const;
export type ListUrl = (typeof analyticsUrls)[keyof typeof analyticsUrls];

/**
 * Which metrics call answers the current selection: one domain, one group, a chosen organization, or the
 * caller's domains (several groups go as ?domain_groups= to the all-domains call).
 */
export function overviewBase(filter: FilterState): { base: string; params: URLSearchParams } {
  const params = filterToQuery(filter);
  if (filter.domain !== all) {
    params.delete('domain');
    return { base: `${dm}/domains/${encodeURIComponent(filter.domain)}/`, params };
  }
  if (filter.domainGroups !== all && filter.domainGroups.length === 1) {
    params.delete('domain_groups');
    return { base: `${dm}/domain-groups/${filter.domainGroups[0]}/`, params };
  }
  if (filter.organization !== null && filter.domainGroups === all) {
    params.delete('organization');
    return { base: `${apiBase.ph}/organizations/${filter.organization}/`, params };
  }
  return { base: `${dm}/domains/`, params };
}

export async function fetchOverview(filter: FilterState, signal?: AbortSignal): Promise<Overview> {
  const { base, params } = overviewBase(filter);
  const [metrics, series] = await Promise.all([
    api.get<Wire<typeof metricsDocument>>(`${base}metrics/`, { params, signal }),
    api.get<Wire<typeof timeSeriesDocument>>(`${base}time-series/`, { params, signal }),
  ]);
  return { metrics: metrics.data.data.attributes, series: series.data.data };
}

export async function fetchList<A>(url: string, params: ListParams, signal?: AbortSignal) {
  const { data } = await api.get<AnalyticsList<A>>(url, { params, signal });
  return data;
}

/** Contract 6: the same list with ?format=csv, every row under the filter, saved as a file. */
export async function downloadCsv(url: string, params: ListParams, fallbackName: string): Promise<void> {
  const query = { ...params, format: 'csv' };
  delete (query as Record<string, string | undefined>).page;
  delete (query as Record<string, string | undefined>).page_size;
  // CSV is text: read it as such and wrap it, so the saved file is exactly what the server sent.
  const response = await api.get<string>(url, {
    params: query,
    responseType: 'text',
    rawResponse: true,
    headers: { Accept: 'text/csv' },
  });
  const name = dispositionName(response.headers['content-disposition']) ?? fallbackName;
  saveFile(new Blob([response.data], { type: 'text/csv;charset=utf-8' }), name);
}

export type ReportPeriod = Wire<typeof reportPeriodDocument>['data']['attributes'];

/** The first and last day with reports under the filter's organization, groups and domain (dates aside). */
export async function fetchReportPeriod(filter: FilterState, signal?: AbortSignal): Promise<ReportPeriod> {
  const params = filterToQuery(filter);
  params.delete('begin_date');
  params.delete('end_date');
  const { data } = await api.get<Wire<typeof reportPeriodDocument>>(`${dm}/domains/report-period/`, {
    params,
    signal,
  });
  return data.data.attributes;
}
