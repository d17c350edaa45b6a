import { z } from 'zod';
import { authenticateResponseSchema } from './auth';
import { blankMessage, detailDocument, emailField, text } from './fields';

// The account area on the wire (snake_case), under /api/ph: sign-up and its confirmation, password reset
// and change, the alerts address. Server routes validate and serialize with these; the SPA reads
// Wire<typeof schema> (contract/casing.ts).

export const passwordField = z.string().min(1, blankMessage).max(1024);
export const registerBody = z.object({
  name: text(120),
  username: text(150),
  password: passwordField,
  email: emailField(),
});
export const tokenBody = z.object({ token: text(200) });
export const emailBody = z.object({ email: emailField() });
export const resetConfirmBody = z.object({
  username: z.string().max(150).optional(),
  token: text(200),
  password: passwordField,
});
export const changePasswordBody = z.object({
  current_password: passwordField,
  new_password: passwordField,
  confirm_password: passwordField,
});
export const alertsEmailBody = z.object({ alerts_email: z.union([z.literal(''), emailField()]).nullable() });

export { detailDocument };
// Confirming a sign-up also names the account it made.
export const accountConfirmedDocument = detailDocument.extend({
  username: z.string(),
  is_active: z.boolean(),
});
export const changePasswordDocument = authenticateResponseSchema.extend({ detail: z.string() });
export const alertsEmailDocument = z.object({ alerts_email: z.string().nullable() });
