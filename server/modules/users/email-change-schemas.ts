import { z } from 'zod';
import { errorResponses, text } from '../../lib/schemas';
import { pendingEmailChangeSchema } from './admin-schemas';

export const emailChangeConfirmBody = z.object({ token: text(200) });
export const emailChangeState = z.object({ email_change: pendingEmailChangeSchema.nullable() });
export const emailChangeDoneSchema = z.object({ detail: z.string() });
export const emailChangeErrors = errorResponses(400, 401, 404, 429);
export const emailChangePublicErrors = errorResponses(400, 429);
