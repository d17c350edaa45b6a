import { z } from 'zod';
import { SYSTEMS } from '../../checks/history/systems';
import { checkWarningSchema } from '../../../contract/checks';
import { errorResponses } from '../../lib/schemas';
import { filterShape } from '../analytics';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from '../../lib/paging';

// Wire shapes of the checks contract (stored results, re-check, history, Domain Info).

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const systemEnum = z.enum(SYSTEMS);
export const orderings = ['domain', '-domain', 'score', '-score', 'status', '-status'] as const;

export const systemParams = z.object({ system: systemEnum });
export const detailParams = z.object({ system: systemEnum, domainId: id });
export const idParams = z.object({ id });

export const analysisListQuery = z.object({
  ...pageQueryShape,
  ...filterShape,
  search: z.string().max(255).optional(),
  ordering: z.enum(orderings).default('domain'),
});
export type AnalysisListQuery = z.infer<typeof analysisListQuery>;

export const warningSchema = checkWarningSchema;
const status = z.enum(['pass', 'warning', 'fail', 'unchecked']);
const summary = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

const listAttributes = z.object({
  domain: z.string(),
  domain_id: z.number().int(),
  system: systemEnum,
  status,
  score: z.number().nullable(),
  checked_at: z.string().nullable(),
  warning_count: z.number().int(),
  warnings: z.array(warningSchema),
  summary,
});
export const analysisList = z.object({
  data: z.array(z.object({ type: z.literal('domain-analysis'), id: z.string(), attributes: listAttributes })),
  links: pageLinksSchema,
  meta: pageMetaSchema,
});
export const analysisDetail = z.object({
  data: z.object({
    type: z.literal('domain-analysis'),
    id: z.string(),
    attributes: listAttributes.omit({ warning_count: true }).extend({ result: z.unknown() }),
  }),
});
export const recheckResponse = z.object({
  data: z.object({
    checked_at: z.string(),
    systems: z.array(z.object({ system: systemEnum, status, score: z.number().nullable() })),
  }),
});

export const analysisErrors = errorResponses(400, 401, 403, 404);
export const recheckErrors = errorResponses(400, 401, 403, 404, 429);
