import type { z } from 'zod';
import type { Wire } from '../../../contract/casing';
import type {
  associationsQuery,
  byDomainList,
  byIpList,
  bySenderServiceList,
  drillQuery,
  messageList,
  metricsDocument,
  senderAssociationList,
  senderDetailList,
  timeSeriesDocument,
} from '../../../contract/analytics';
import { seriesNames } from '../../../contract/analytics';

// The /api/dm analytics answers as the SPA reads them: the contract's schemas (contract/analytics.ts)
// after the client's camelCase mapping.

export type Metrics = Wire<typeof metricsDocument>['data']['attributes'];
export type PassFail = Metrics['dkim'];

/** The chart's series, in the order they are drawn: the contract's. */
export const seriesIds = seriesNames;
export type SeriesId = (typeof seriesNames)[number];
export type TimeSeries = Wire<typeof timeSeriesDocument>['data'];
export type Point = TimeSeries[number]['attributes']['points'][number];
export type Overview = { metrics: Metrics; series: TimeSeries };

type DomainPage = Wire<typeof byDomainList>;
export type DomainRow = DomainPage['data'][number]['attributes'];
export type IpRow = Wire<typeof byIpList>['data'][number]['attributes'];
export type SenderServiceRow = Wire<typeof bySenderServiceList>['data'][number]['attributes'];
export type SenderServiceMeta = Wire<typeof bySenderServiceList>['meta'];
export type MessageRow = Wire<typeof messageList>['data'][number]['attributes'];
export type SenderDetailRow = Wire<typeof senderDetailList>['data'][number]['attributes'];
export type SenderAssociation = Wire<typeof senderAssociationList>['data'][number]['attributes'];

/** A row of any analytics list: the contract's resource around attributes A. */
export type Row<A> = Omit<DomainPage['data'][number], 'type' | 'attributes'> & {
  type: string;
  attributes: A;
};
/** A page of any analytics list: the contract's links and window meta around rows of A. */
export type AnalyticsList<A> = Omit<DomainPage, 'data'> & { data: Row<A>[] };

/** A URL parameter of the analytics lists: the contract's wire keys (filter, paging, drill-downs). */
export type ListParamKey = keyof z.input<typeof drillQuery> | keyof z.input<typeof associationsQuery>;
/** The query of one list call: the global filter as URL parameters plus page, search and ordering. */
export type ListParams = Partial<Record<ListParamKey, string>>;
