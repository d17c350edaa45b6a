import { z } from 'zod';
import { emailField, errorResponses, text } from '../../lib/schemas';

export const contactBody = z.object({
  name: text(120),
  email: emailField(),
  subject: text(200),
  message: text(5000),
});
export type ContactInput = z.infer<typeof contactBody>;

export const contactResponses = { 201: z.object({ detail: z.string() }), ...errorResponses(400, 429) };
