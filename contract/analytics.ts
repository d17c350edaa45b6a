import { z } from 'zod';
import { calendarDay } from './fields';
import { formatShape, pageLinksSchema, pageMetaSchema, pageQueryShape } from './paging';

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
export const bySenderServiceList = analyticsList('aggregated-by-sender-service', bySenderServiceAttributes);

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
