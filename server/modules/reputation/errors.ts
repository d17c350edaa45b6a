import { fieldErrorsSchema } from '../../../contract/errors';
import { detailSchema } from '../../lib/schemas';

/** Error answers of the IP calls: status_message (and the field), or detail for auth failures. */
export const ipErrors = {
  400: fieldErrorsSchema,
  401: detailSchema,
  429: fieldErrorsSchema,
  503: fieldErrorsSchema,
};
