import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import * as reportsApi from './reportsApi';
import type { AggregateReport, DmarcRecord, FailureReport, ListQuery, Paged, TlsReport } from './types';

// Reads only: the lists and the detail show their error in place (no toast), the page offers a retry.

export const aggregateReportsResource = registerResource(
  createResource<ListQuery, Paged<AggregateReport>>({
    name: 'aggregateReports',
    kind: 'read',
    request: (q, { signal }) => reportsApi.fetchAggregateReports(q, signal),
  }),
);

export const aggregateReportResource = registerResource(
  createResource<number, AggregateReport>({
    name: 'aggregateReport',
    kind: 'read',
    request: (id, { signal }) => reportsApi.fetchAggregateReport(id, signal),
  }),
);

export const reportRecordsResource = registerResource(
  createResource<{ id: number; page: number }, Paged<DmarcRecord>>({
    name: 'aggregateReportRecords',
    kind: 'read',
    request: (q, { signal }) => reportsApi.fetchReportRecords(q, signal),
  }),
);

export const tlsReportsResource = registerResource(
  createResource<ListQuery, Paged<TlsReport>>({
    name: 'tlsReports',
    kind: 'read',
    request: (q, { signal }) => reportsApi.fetchTlsReports(q, signal),
  }),
);

export const failureReportsResource = registerResource(
  createResource<ListQuery, Paged<FailureReport>>({
    name: 'failureReports',
    kind: 'read',
    request: (q, { signal }) => reportsApi.fetchFailureReports(q, signal),
  }),
);
