import { z } from 'zod';
import { formatShape } from '../../lib/csv';
import { calendarDay, errorResponses } from '../../lib/schemas';
import { pageQueryShape } from '../../lib/paging';

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

/** The global filter of spec section 3, as query parameters. */
export const filterShape = {
  begin_date: day.optional(),
  end_date: day.optional(),
  domain_groups: idList.optional(),
  domain: z.string().trim().min(1).max(253).optional(),
  organization: id.optional(),
};
export const filterQuery = z.object(filterShape);
export type FilterQuery = z.infer<typeof filterQuery>;

export const domainParams = z.object({ d: z.string().min(1).max(253) });
export const idParams = z.object({ id });

const count = z.number();
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

export const aggregationQuery = z.object({
  ...pageQueryShape,
  ...filterShape,
  ...formatShape,
  search: z.string().max(255).optional(),
  ordering: z.string().max(64).optional(),
});
export type AggregationQuery = z.infer<typeof aggregationQuery>;

export const analyticsErrors = errorResponses(400, 401, 403, 404);

/** The drill-downs: the global filter narrowed to one source IP and/or one sender service. */
export const drillQuery = aggregationQuery.extend({
  source_ip: z.string().trim().min(1).max(64).optional(),
  sender_service: z.string().trim().min(1).max(255).optional(),
});
export const associationsQuery = aggregationQuery.extend({ email_sender: id });
