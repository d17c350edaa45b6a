import { z } from 'zod';
import { calendarDay, detailSchema, errorResponses } from '../../lib/schemas';
import { pageQueryShape } from '../../lib/paging';

const day = calendarDay();
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const idParams = z.object({ id });
export const reportListQuery = z.object({
  ...pageQueryShape,
  domain: z.string().max(253).optional(),
  begin_date: day.optional(),
  end_date: day.optional(),
  organization: id.optional(),
  search: z.string().max(255).optional(),
});
export const recordsQuery = z.object({ ...pageQueryShape, page_size: pageQueryShape.page_size });
export const dkimQuery = z.object({ domain: z.string().min(1).max(253), organization: id.optional() });

// The response documents are the contract's.
export {
  aggregateReportDocument,
  aggregateReportList,
  dkimSignatureList,
  failureReportList,
  recordList,
  tlsReportList,
  uploadResponse,
} from '../../../contract/reports';

// Multipart: repeated file field `files`, and optionally a repeated text field `filenames` naming them in order.
export const uploadBody = z.looseObject({});

export const reportErrors = errorResponses(400, 401, 403, 404);
/** The upload also answers 411 (no Content-Length), 413 (beyond UPLOAD_MEMORY_MB) and 429 (memory busy). */
export const uploadErrors = {
  ...errorResponses(400, 401, 403, 404, 429),
  411: detailSchema,
  413: detailSchema,
};
