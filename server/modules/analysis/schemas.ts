import { z } from 'zod';
import { SYSTEMS } from '../../checks/history/systems';
import { analysisOrderings } from '../../../contract/analysis';
import { checkWarningSchema } from '../../../contract/checks';
import { errorResponses } from '../../lib/schemas';
import { filterShape } from '../analytics';
import { pageQueryShape } from '../../lib/paging';

// Wire shapes of the checks contract (stored results, re-check, history, Domain Info).

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const systemEnum = z.enum(SYSTEMS);
export const orderings = analysisOrderings;

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
// The response documents are contract/analysis.ts.
export { analysisDetail, analysisList, recheckResponse } from '../../../contract/analysis';

export const analysisErrors = errorResponses(400, 401, 403, 404);
export const recheckErrors = errorResponses(400, 401, 403, 404, 429);
