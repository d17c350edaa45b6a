// The public face of the analytics area: what other areas may import from it (eslint "module seams" rule,
// docs/ARCHITECTURE.md). Everything else in this folder is internal to the area.
export { dateWindow, groupDomainRows, normalizeDomain } from './filter';
export { pruneSummaries } from './summaries-fold';
// Alert evaluation reads analytics_domain_days and folds the queued deltas first (server/modules/alerts).
export { foldSummaries } from './summaries-fold';
// The figures the digest reports read (server/modules/digests): the endpoints' functions, and one read of
// the per-domain days with the same numbers as the metrics, time-series and by-domain endpoints.
export { type Selection } from './filter';
export { aggregatedByIp, type IpRow } from './aggregated-by-ip-query';
export { aggregatedBySender, type SenderServiceRow } from './aggregated-by-sender-query';
export { dailyTotals, type DayTotals } from './time-series-query';
export { domainDayFigures, type DomainDayFigures, type Sums } from './domain-days-query';
export { percent } from './documents';
export { policiesInForce, sourcesSeen } from './digest-query';
