import { z } from 'zod';
import { pageLinksSchema, pageMetaSchema } from './paging';

// The analytics lists on the wire (/api/dm/aggregated-by-*/ and /api/dm/dmarc/aggregate-reports/{messages,
// sender-details,sender-associations}/): a page of rows under the global filter, whose window meta names.
// Attributes are strict objects: a column the query adds but the contract does not name fails the reply
// (a 500 and a failing test) instead of reaching clients undocumented or vanishing silently.

const count = z.number();
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
export const byDomainList = analyticsList('aggregated-by-domain', byDomainAttributes);

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
export const byIpList = analyticsList('aggregated-by-ip', byIpAttributes);

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
export const bySenderServiceList = bySenderServicePage.extend({
  meta: bySenderServicePage.shape.meta.extend({
    /** Messages under the filter whose source has no sender service (not in the list). */
    unattributed_messages: count,
  }),
});

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
export const messageList = analyticsList('messages', messageAttributes);

export const senderDetailAttributes = z.strictObject({
  org_name: z.string(),
  date: z.string(),
  ...resultCounts,
});
export const senderDetailList = analyticsList('sender-details', senderDetailAttributes);

export const senderAssociationAttributes = z.strictObject({
  id: z.string(),
  ip: z.string(),
  reverse_dns: nullableText,
  messages: count,
});
export const senderAssociationList = analyticsList('sender-associations', senderAssociationAttributes);

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

export const metricsDocument = z.object({
  data: z.object({ type: z.literal('domain-metrics'), id: z.string(), attributes: metricsAttributes }),
});

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

export const timeSeriesDocument = z.object({
  data: z.array(
    z.object({
      type: z.literal('time-series'),
      id: z.enum(seriesNames),
      attributes: z.object({ points: z.array(z.object({ x: z.string(), y: count })) }),
    }),
  ),
  meta: z.object({ begin_date: z.string(), end_date: z.string() }),
});

// GET /api/dm/domains/report-period/: the first and last UTC day on which the selection's aggregate reports
// begin, whatever the dates asked; an empty period offers this one instead (null, null: no report yet).
export const reportPeriodDocument = z.object({
  data: z.object({
    type: z.literal('report-period'),
    id: z.string(),
    attributes: z.strictObject({
      first_day: z.string().nullable(),
      last_day: z.string().nullable(),
    }),
  }),
});
