import type { Wire, WireQuery } from '../../../contract/casing';
import type { aggregateReportList, recordList, reportListQuery } from '../../../contract/reports';
import type { failureReportList, tlsReportList } from '../../../contract/other-reports';
import type { uploadResponse } from '../../../contract/upload';

// The /api/dm report answers as the SPA reads them: the contract's schemas (contract/reports.ts) after
// the client's camelCase mapping.

type AggregateReportPage = Wire<typeof aggregateReportList>;
/** A page of any report list: the contract's paging links and meta around rows of T. */
export type Paged<T> = Omit<AggregateReportPage, 'data'> & { data: T[] };
export type PageMeta = AggregateReportPage['meta'];

export type AggregateReport = AggregateReportPage['data'][number];
export type AggregateReportAttributes = AggregateReport['attributes'];
export type PolicyPublished = AggregateReportAttributes['policyPublished'];

export type DmarcRecord = Wire<typeof recordList>['data'][number];
type SpfAuth = DmarcRecord['attributes']['spfResults'][number];
type DkimAuth = DmarcRecord['dkimSignatures'][number]['attributes'];
/** One SPF result or DKIM signature of a record, as the records table lists both. */
export type AuthResult = Pick<SpfAuth, 'domain' | 'result'> &
  Partial<Pick<SpfAuth, 'scope'> & Pick<DkimAuth, 'selector'>>;

export type TlsReport = Wire<typeof tlsReportList>['data'][number];
export type TlsPolicy = TlsReport['attributes']['details']['policies'][number];
export type TlsFailureDetail = TlsPolicy['failureDetails'][number];
export type FailureReport = Wire<typeof failureReportList>['data'][number];

export type UploadOutcome = Wire<typeof uploadResponse>['data'][number];
export type ReportKind = NonNullable<UploadOutcome['kind']>;

type ReportListQuery = WireQuery<typeof reportListQuery>;
/** A list page's query: its page, the global filter's domain and period, and the search. */
export type ListQuery = Required<Pick<ReportListQuery, 'page'>> &
  Pick<ReportListQuery, 'domain' | 'beginDate' | 'endDate' | 'search'>;
