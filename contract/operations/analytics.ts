import { operation } from '../operation';
import {
  aggregationQuery,
  analyticsDomainParams,
  analyticsIdParams,
  associationsQuery,
  byDomainList,
  byIpList,
  bySenderServiceList,
  drillQuery,
  filterQuery,
  messageList,
  metricsDocument,
  reportPeriodDocument,
  senderAssociationList,
  senderDetailList,
  timeSeriesDocument,
} from '../analytics';

// Metrics, time series, aggregations and drill-downs under the global filter (spec sections 3, 4 and 7).
const tag = 'analytics';
const auth = 'bearer' as const;
const errors = [400, 401, 403, 404] as const;

const metrics = (what: string) => ({
  tag,
  summary: `Domain metrics of ${what}`,
  auth,
  query: filterQuery,
  responses: { 200: metricsDocument },
  errors,
});
const series = (what: string) => ({
  tag,
  summary: `Daily time series of ${what}`,
  auth,
  query: filterQuery,
  responses: { 200: timeSeriesDocument },
  errors,
});
const list = <Q extends typeof aggregationQuery>(summary: string, query: Q) =>
  ({ tag, summary, auth, query, csv: true, errors }) as const;

export const analyticsOps = {
  reportPeriod: operation({
    method: 'GET',
    path: '/api/dm/domains/report-period/',
    tag,
    summary: 'First and last day with aggregate reports, whatever the dates asked',
    auth,
    query: filterQuery,
    responses: { 200: reportPeriodDocument },
    errors,
  }),
  metrics: operation({ method: 'GET', path: '/api/dm/domains/metrics/', ...metrics('all domains') }),
  timeSeries: operation({ method: 'GET', path: '/api/dm/domains/time-series/', ...series('all domains') }),
  domainMetrics: operation({
    method: 'GET',
    path: '/api/dm/domains/{d}/metrics/',
    params: analyticsDomainParams,
    ...metrics('one domain'),
  }),
  domainTimeSeries: operation({
    method: 'GET',
    path: '/api/dm/domains/{d}/time-series/',
    params: analyticsDomainParams,
    ...series('one domain'),
  }),
  groupMetrics: operation({
    method: 'GET',
    path: '/api/dm/domain-groups/{id}/metrics/',
    params: analyticsIdParams,
    ...metrics('a domain group'),
  }),
  groupTimeSeries: operation({
    method: 'GET',
    path: '/api/dm/domain-groups/{id}/time-series/',
    params: analyticsIdParams,
    ...series('a domain group'),
  }),
  organizationMetrics: operation({
    method: 'GET',
    path: '/api/ph/organizations/{id}/metrics/',
    params: analyticsIdParams,
    ...metrics('an organization'),
  }),
  organizationTimeSeries: operation({
    method: 'GET',
    path: '/api/ph/organizations/{id}/time-series/',
    params: analyticsIdParams,
    ...series('an organization'),
  }),
  byDomain: operation({
    method: 'GET',
    path: '/api/dm/aggregated-by-domain/',
    ...list('Messages and results per domain, paged (or CSV)', aggregationQuery),
    responses: { 200: byDomainList },
  }),
  byIp: operation({
    method: 'GET',
    path: '/api/dm/aggregated-by-ip/',
    ...list('Messages and results per source IP, paged (or CSV)', aggregationQuery),
    responses: { 200: byIpList },
  }),
  bySenderService: operation({
    method: 'GET',
    path: '/api/dm/aggregated-by-sender-service/',
    ...list('Messages and results per sender service, paged (or CSV)', aggregationQuery),
    responses: { 200: bySenderServiceList },
  }),
  messages: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/messages/',
    ...list(
      'Records grouped by source IP, header From, disposition, DKIM and SPF (?source_ip=, ?sender_service=)',
      drillQuery,
    ),
    responses: { 200: messageList },
  }),
  senderDetails: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/sender-details/',
    ...list('Messages per reporter and day for a sender service or source IP', drillQuery),
    responses: { 200: senderDetailList },
  }),
  senderAssociations: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/sender-associations/',
    ...list('The source IPs attributed to an email sender (?email_sender=)', associationsQuery),
    responses: { 200: senderAssociationList },
  }),
};
