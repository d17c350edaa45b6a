import { saveFile } from '../../api/saveFile';
import { call, send, type Answer } from '../../api/call';
import { all, type FilterState } from '../filter/filterSlice';
import { filterToQuery } from '../filter/filterQuery';
import { dispositionName } from '../processedData/reportsApi';
import { analyticsOps } from '../../../contract/operations/analytics';
import { reportOps } from '../../../contract/operations/reports';
import { emailSenderOps } from '../../../contract/operations/email-senders';
import type { AnalyticsList, ListParams, Overview } from './types';

/** The analytics lists (and the aggregate reports list the sender details look reports up in). */
export const analyticsLists = {
  byDomain: analyticsOps.byDomain,
  byIp: analyticsOps.byIp,
  bySenderService: analyticsOps.bySenderService,
  messages: analyticsOps.messages,
  senderDetails: analyticsOps.senderDetails,
  senderAssociations: analyticsOps.senderAssociations,
  reports: reportOps.aggregates,
} as const;
/** A list that also answers CSV: the analytics lists and the email-sender catalogue. */
export type ListOp = (typeof analyticsLists)[keyof typeof analyticsLists] | typeof emailSenderOps.list;

/** URL parameters as a call's query: a key given twice keeps both values. */
function queryOf(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}

/**
 * Which metrics call answers the current selection: one domain, one group, a chosen organization, or the
 * caller's domains (several groups go as ?domain_groups= to the all-domains call).
 */
export function overviewBase(filter: FilterState) {
  const params = filterToQuery(filter);
  if (filter.domain !== all) {
    params.delete('domain');
    const input = { params: { d: filter.domain }, query: queryOf(params) };
    return { metrics: analyticsOps.domainMetrics, series: analyticsOps.domainTimeSeries, input };
  }
  if (filter.domainGroups !== all && filter.domainGroups.length === 1) {
    params.delete('domain_groups');
    const input = { params: { id: filter.domainGroups[0] }, query: queryOf(params) };
    return { metrics: analyticsOps.groupMetrics, series: analyticsOps.groupTimeSeries, input };
  }
  if (filter.organization !== null && filter.domainGroups === all) {
    params.delete('organization');
    const input = { params: { id: filter.organization }, query: queryOf(params) };
    return { metrics: analyticsOps.organizationMetrics, series: analyticsOps.organizationTimeSeries, input };
  }
  return {
    metrics: analyticsOps.metrics,
    series: analyticsOps.timeSeries,
    input: { query: queryOf(params) },
  };
}

export async function fetchOverview(filter: FilterState, signal?: AbortSignal): Promise<Overview> {
  const { metrics: metricsOp, series: seriesOp, input } = overviewBase(filter);
  // The four scopes answer the same shapes; only their path parameters differ.
  const [metrics, series] = await Promise.all([
    call(metricsOp as typeof analyticsOps.domainMetrics, input as never, { signal }),
    call(seriesOp as typeof analyticsOps.domainTimeSeries, input as never, { signal }),
  ]);
  return { metrics: metrics.data.attributes, series: series.data };
}

export async function fetchList<A>(op: ListOp, params: ListParams, signal?: AbortSignal) {
  const { data } = await send(op as typeof analyticsOps.messages, { query: params }, { signal });
  return data as unknown as AnalyticsList<A>;
}

/** Contract 6: the same list with ?format=csv, every row under the filter, saved as a file. */
export async function downloadCsv(op: ListOp, params: ListParams, fallbackName: string): Promise<void> {
  const query = { ...params, format: 'csv' };
  delete (query as Record<string, string | undefined>).page;
  delete (query as Record<string, string | undefined>).page_size;
  // CSV is text: read it as such and wrap it, so the saved file is exactly what the server sent.
  const response = await send(
    op as typeof analyticsOps.messages,
    { query },
    {
      responseType: 'text',
      rawResponse: true,
      headers: { Accept: 'text/csv' },
    },
  );
  const name = dispositionName(response.headers['content-disposition']) ?? fallbackName;
  saveFile(new Blob([response.data as unknown as string], { type: 'text/csv;charset=utf-8' }), name);
}

export type ReportPeriod = Answer<typeof analyticsOps.reportPeriod>['data']['attributes'];

/** The first and last day with reports under the filter's organization, groups and domain (dates aside). */
export async function fetchReportPeriod(filter: FilterState, signal?: AbortSignal): Promise<ReportPeriod> {
  const params = filterToQuery(filter);
  params.delete('begin_date');
  params.delete('end_date');
  return (await call(analyticsOps.reportPeriod, { query: queryOf(params) }, { signal })).data.attributes;
}
