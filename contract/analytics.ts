import { z } from 'zod';
import { calendarDay } from './fields';
import { formatShape, listExample, pageLinksSchema, pageMetaSchema, pageQueryShape } from './paging';
import { answerExample, sample } from './example';

// The analytics lists on the wire (/api/dm/aggregated-by-*/ and /api/dm/dmarc/aggregate-reports/{messages,
// sender-details,sender-associations}/): a page of rows under the global filter, whose window meta names.
// Attributes are strict objects: a column the query adds but the contract does not name fails the reply
// (a 500 and a failing test) instead of reaching clients undocumented or vanishing silently.

const count = z.number();
const windowMeta = { begin_date: sample.day, end_date: sample.endDay };
const nullableText = z.string().nullable();

const analyticsList = <T extends string, A extends z.ZodType>(type: T, attributes: A) =>
  z.object({
    data: z.array(z.object({ type: z.literal(type), id: z.string(), attributes })),
    links: pageLinksSchema,
    meta: pageMetaSchema.extend({ begin_date: z.string(), end_date: z.string() }),
  });

const resultCounts = {
  messages: count,
  dkim_passed: count,
  spf_passed: count,
  dmarc_passed: count,
};

export const byDomainAttributes = z.strictObject({
  domain: z.string(),
  ...resultCounts,
  records: count,
  dmarc_failed: count,
  sources: count,
  dmarc_passed_percentage: count,
});
export const byDomainList = listExample(
  analyticsList('aggregated-by-domain', byDomainAttributes),
  '/api/dm/aggregated-by-domain/',
  [
    {
      type: 'aggregated-by-domain',
      id: sample.domain,
      attributes: {
        domain: sample.domain,
        messages: 1250,
        dkim_passed: 1190,
        spf_passed: 1204,
        dmarc_passed: 1215,
        records: 86,
        dmarc_failed: 35,
        sources: 12,
        dmarc_passed_percentage: 97.2,
      },
    },
  ],
  windowMeta,
);

export const byIpAttributes = z.strictObject({
  source_ip: z.string(),
  reverse_dns: nullableText,
  /** ISO 3166-1 alpha-2 code and autonomous system of the source IP, when the GeoIP databases know them. */
  country: nullableText,
  asn: nullableText,
  sender_service: nullableText,
  ...resultCounts,
  records: count,
  dmarc_failed: count,
  domains: count,
  dmarc_passed_percentage: count,
});
export const byIpList = listExample(
  analyticsList('aggregated-by-ip', byIpAttributes),
  '/api/dm/aggregated-by-ip/',
  [
    {
      type: 'aggregated-by-ip',
      id: sample.ip,
      attributes: {
        source_ip: sample.ip,
        reverse_dns: 'mail.example.com',
        country: 'PT',
        asn: 'AS64500',
        sender_service: 'Example Mail',
        messages: 840,
        dkim_passed: 838,
        spf_passed: 840,
        dmarc_passed: 840,
        records: 31,
        dmarc_failed: 0,
        domains: 2,
        dmarc_passed_percentage: 100,
      },
    },
  ],
  windowMeta,
);

/** The sender service of the volume attributed to no sender; the console shows it in its own language. */
export const unknownSenderService = 'Unknown';

export const bySenderServiceAttributes = z.strictObject({
  sender_service: z.string(),
  email_sender_id: z.number().int().nullable(),
  /** Address of the sender's logo image, or null when the service is not a known email sender. */
  logo: nullableText,
  ...resultCounts,
  dmarc_passed_percentage: count,
  ips: count,
  domains: count,
});
// Spec section 5: only messages with a sender service are listed; the rest (sources that enrichment
// attributed to no email sender and that have no reverse DNS) is one total beside the list.
const bySenderServicePage = analyticsList('aggregated-by-sender-service', bySenderServiceAttributes);
export const bySenderServiceList = listExample(
  bySenderServicePage.extend({
    meta: bySenderServicePage.shape.meta.extend({
      /** Messages under the filter whose source has no sender service (not in the list). */
      unattributed_messages: count,
    }),
  }),
  '/api/dm/aggregated-by-sender-service/',
  [
    {
      type: 'aggregated-by-sender-service',
      id: 'Example Mail',
      attributes: {
        sender_service: 'Example Mail',
        email_sender_id: 3,
        logo: '/api/dm/dmarc/aggregate-reports/email-senders/3/logo/',
        messages: 840,
        dkim_passed: 838,
        spf_passed: 840,
        dmarc_passed: 840,
        dmarc_passed_percentage: 100,
        ips: 4,
        domains: 2,
      },
    },
  ],
  { ...windowMeta, unattributed_messages: 12 },
);

export const messageAttributes = z.strictObject({
  source_ip: z.string(),
  reverse_dns: nullableText,
  /** ISO 3166-1 alpha-2 code and autonomous system of the source IP, when the GeoIP databases know them. */
  country: nullableText,
  asn: nullableText,
  header_from: z.string(),
  envelope_from: nullableText,
  disposition: z.string(),
  dkim: z.string(),
  spf: z.string(),
  dmarc_pass: z.boolean(),
  messages: count,
  records: count,
  reports: count,
});
export const messageList = listExample(
  analyticsList('messages', messageAttributes),
  '/api/dm/dmarc/aggregate-reports/messages/',
  [
    {
      type: 'messages',
      id: `${sample.ip}|${sample.domain}`,
      attributes: {
        source_ip: sample.ip,
        reverse_dns: 'mail.example.com',
        country: 'PT',
        asn: 'AS64500',
        header_from: sample.domain,
        envelope_from: sample.domain,
        disposition: 'none',
        dkim: 'pass',
        spf: 'pass',
        dmarc_pass: true,
        messages: 412,
        records: 9,
        reports: 7,
      },
    },
  ],
  windowMeta,
);

export const senderDetailAttributes = z.strictObject({
  org_name: z.string(),
  date: z.string(),
  ...resultCounts,
});
export const senderDetailList = listExample(
  analyticsList('sender-details', senderDetailAttributes),
  '/api/dm/dmarc/aggregate-reports/sender-details/',
  [
    {
      type: 'sender-details',
      id: `google.com|${sample.day}`,
      attributes: {
        org_name: 'google.com',
        date: sample.day,
        messages: 120,
        dkim_passed: 118,
        spf_passed: 120,
        dmarc_passed: 120,
      },
    },
  ],
  windowMeta,
);

export const senderAssociationAttributes = z.strictObject({
  id: z.string(),
  ip: z.string(),
  reverse_dns: nullableText,
  messages: count,
});
export const senderAssociationList = listExample(
  analyticsList('sender-associations', senderAssociationAttributes),
  '/api/dm/dmarc/aggregate-reports/sender-associations/',
  [
    {
      type: 'sender-associations',
      id: sample.ip,
      attributes: { id: sample.ip, ip: sample.ip, reverse_dns: 'mail.example.com', messages: 840 },
    },
  ],
  windowMeta,
);

// The overview: /metrics/ and /time-series/ of the caller's domains, one domain, a group or an organization.
const passFail = z.object({ passed: count, failed: count });

export const metricsAttributes = z.object({
  nr_domains: count,
  nr_reports: count,
  nr_records: count,
  nr_messages: count,
  date_range: z.object({ begin_date: z.string(), end_date: z.string() }),
  dkim: passFail,
  spf: passFail,
  dmarc: passFail.extend({
    passed_split: z.object({ dkim_and_spf: count, dkim_only: count, spf_only: count }),
  }),
  verification: z.object({
    aligned: count,
    passed: count,
    failed: count,
    aligned_percentage: count,
    passed_percentage: count,
    failed_percentage: count,
  }),
});
export type MetricsAttributes = z.infer<typeof metricsAttributes>;

export const metricsDocument = answerExample(
  z.object({
    data: z.object({ type: z.literal('domain-metrics'), id: z.string(), attributes: metricsAttributes }),
  }),
  {
    data: {
      type: 'domain-metrics',
      id: 'all',
      attributes: {
        nr_domains: 3,
        nr_reports: 42,
        nr_records: 310,
        nr_messages: 5120,
        date_range: { begin_date: sample.day, end_date: sample.endDay },
        dkim: { passed: 4980, failed: 140 },
        spf: { passed: 5010, failed: 110 },
        dmarc: {
          passed: 5050,
          failed: 70,
          passed_split: { dkim_and_spf: 4900, dkim_only: 80, spf_only: 70 },
        },
        verification: {
          aligned: 5050,
          passed: 5050,
          failed: 70,
          aligned_percentage: 98.6,
          passed_percentage: 98.6,
          failed_percentage: 1.4,
        },
      },
    },
  },
);

export const seriesNames = [
  'messages',
  'dmarc_passed',
  'dmarc_failed',
  'dkim_passed',
  'dkim_failed',
  'spf_passed',
  'spf_failed',
] as const;
export type SeriesName = (typeof seriesNames)[number];

export const timeSeriesDocument = answerExample(
  z.object({
    data: z.array(
      z.object({
        type: z.literal('time-series'),
        id: z.enum(seriesNames),
        attributes: z.object({ points: z.array(z.object({ x: z.string(), y: count })) }),
      }),
    ),
    meta: z.object({ begin_date: z.string(), end_date: z.string() }),
  }),
  {
    data: [
      {
        type: 'time-series',
        id: 'messages',
        attributes: {
          points: [
            { x: sample.day, y: 730 },
            { x: '2026-05-05', y: 690 },
          ],
        },
      },
      {
        type: 'time-series',
        id: 'dmarc_failed',
        attributes: {
          points: [
            { x: sample.day, y: 12 },
            { x: '2026-05-05', y: 9 },
          ],
        },
      },
    ],
    meta: { begin_date: sample.day, end_date: '2026-05-05' },
  },
);

// Requests: the global filter of spec section 3 as query parameters, and the list queries built on it.
const day = calendarDay();
const id = z.coerce.number().int().positive().max(2_147_483_647);
// ?domain_groups=1,2 or ?domain_groups=1&domain_groups=2
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .filter((s) => s.trim() !== '')
      .map((s) => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN)),
  )
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)));

export const filterShape = {
  begin_date: day.optional(),
  end_date: day.optional(),
  domain_groups: idList.optional(),
  domain: z.string().trim().min(1).max(253).optional(),
  organization: id.optional(),
};
export const filterQuery = z.object(filterShape);
export type FilterQuery = z.infer<typeof filterQuery>;

/** /api/dm/domains/{d}/metrics/ and time-series: a domain by name; the group and organization variants by id. */
export const analyticsDomainParams = z.object({ d: z.string().min(1).max(253) });
export const analyticsIdParams = z.object({ id });

export const aggregationQuery = z.object({
  ...pageQueryShape,
  ...filterShape,
  ...formatShape,
  search: z.string().max(255).optional(),
  ordering: z.string().max(64).optional(),
});
export type AggregationQuery = z.infer<typeof aggregationQuery>;

/** The drill-downs: the global filter narrowed to one source IP and/or one sender service. */
export const drillQuery = aggregationQuery.extend({
  source_ip: z.string().trim().min(1).max(64).optional(),
  sender_service: z.string().trim().min(1).max(255).optional(),
});
export const associationsQuery = aggregationQuery.extend({ email_sender: id });

// GET /api/dm/domains/report-period/: the first and last UTC day on which the selection's aggregate reports
// begin, whatever the dates asked; an empty period offers this one instead (null, null: no report yet).
export const reportPeriodDocument = answerExample(
  z.object({
    data: z.object({
      type: z.literal('report-period'),
      id: z.string(),
      attributes: z.strictObject({
        first_day: z.string().nullable(),
        last_day: z.string().nullable(),
      }),
    }),
  }),
  {
    data: { type: 'report-period', id: '1', attributes: { first_day: sample.day, last_day: sample.endDay } },
  },
);
