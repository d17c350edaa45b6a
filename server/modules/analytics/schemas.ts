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

// The response documents are contract/analytics.ts.
export {
  metricsAttributes,
  metricsDocument,
  reportPeriodDocument,
  seriesNames,
  timeSeriesDocument,
  type MetricsAttributes,
  type SeriesName,
} from '../../../contract/analytics';

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
