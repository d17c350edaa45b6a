// The public face of the analytics area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { dateWindow, groupDomainRows, normalizeDomain } from './selection/filter';
export { pruneSummaries } from './summaries/summaries-fold';
// Alert evaluation reads analytics_domain_days and folds the queued deltas first (server/modules/alerts).
export { foldSummaries } from './summaries/summaries-fold';
// The figures the digest reports read (server/modules/digests): the endpoints' functions, and one read of
// the per-domain days with the same numbers as the metrics, time-series and by-domain endpoints.
export { type Selection } from './selection/filter';
export { aggregatedByIp, type IpRow } from './aggregations/aggregated-by-ip-query';
export { aggregatedBySender, type SenderServiceRow } from './aggregations/aggregated-by-sender-query';
export { dailyTotals, type DayTotals } from './overview/time-series-query';
export { domainDayFigures, type DomainDayFigures, type Sums } from './overview/domain-days-query';
export { percent } from './overview/documents';
export { policiesInForce, sourcesSeen } from './overview/digest-query';
