import { errorExamples, fieldErrorsSchema } from '../../../contract/errors';
import { detailSchema } from '../../lib/schemas';
import { delistCheckFailed, invalidTarget, tooManyRequests } from './messages';

const statusMessage = (message: string, field?: string) =>
  fieldErrorsSchema.meta({
    example: { status_message: [message], ...(field ? { [field]: [message] } : {}) },
  });

/** Error answers of the IP calls: status_message (and the field), or detail for auth failures. */
export const ipErrors = {
  400: statusMessage(invalidTarget, 'target'),
  401: detailSchema.meta({ example: errorExamples[401] }),
  429: statusMessage(tooManyRequests(30)),
  503: statusMessage(delistCheckFailed),
};
