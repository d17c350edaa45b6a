import { z } from 'zod';
import { fieldErrorsSchema } from '../../../contract/errors';
import { detailSchema } from '../../lib/schemas';

// The response documents are contract/reputation.ts.
export {
  delistResponseSchema,
  ipInfoSchema,
  ipsSchema,
  listingDocumentSchema,
  publicConfigSchema,
} from '../../../contract/reputation';

export const ipVerifyQuery = z.object({
  ipLookup: z.string().optional(),
  target: z.string().optional(),
  token: z.string().optional(),
  delisting: z.string().optional(),
});

export const ipParams = z.object({ ip: z.string() });
export const ipsQuery = z.object({
  ip: z.string().optional(),
  page: z.coerce.number().int().min(1).optional(),
});

/** Error answers of the IP calls: status_message (and the field), or detail for auth failures. */
export const ipErrors = {
  400: fieldErrorsSchema,
  401: detailSchema,
  429: fieldErrorsSchema,
  503: fieldErrorsSchema,
};
