import { z } from 'zod';
import { currentUserSchema } from '../../../contract/auth';
import { errorResponses } from '../../lib/schemas';

export const userParams = z.object({ id: z.coerce.number().int().positive() });

export const userDocument = z.object({
  data: z.object({ type: z.literal('users'), id: z.number().int(), attributes: currentUserSchema }),
});
export type UserDocument = z.infer<typeof userDocument>;

export const settingsBody = z
  .object({
    layout_theme: z.enum(['primaryTheme', 'carrierTheme'], { message: 'Not a valid choice.' }).optional(),
    language: z.enum(['en', 'pt'], { message: 'Not a valid choice.' }).optional(),
  })
  .strict();

export const userErrors = errorResponses(400, 401, 404);
