import { z } from 'zod';
import { authenticateResponseSchema } from '../../../contract/auth';
import { emailField, errorResponses, text } from '../../lib/schemas';

const password = z.string().min(1, 'This field may not be blank.').max(1024);
export const registerBody = z.object({ name: text(120), username: text(150), password, email: emailField() });
export const tokenBody = z.object({ token: text(200) });
export const emailBody = z.object({ email: emailField() });
export const resetConfirmBody = z.object({
  username: z.string().max(150).optional(),
  token: text(200),
  password,
});
export const changePasswordBody = z.object({
  current_password: password,
  new_password: password,
  confirm_password: password,
});
export const alertsEmailBody = z.object({ alerts_email: z.union([z.literal(''), emailField()]).nullable() });
export const inviteBody = z.object({
  email: emailField(),
  organization: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  role: z.enum(['member', 'admin'], { message: 'Not a valid choice.' }).default('member'),
});
export const invitationConfirmBody = z.object({ token: text(200), username: text(150), password });

export const detailSchema = z.object({ detail: z.string() });
// Confirming a sign-up or accepting an invitation also names the account it made.
export const accountConfirmedSchema = detailSchema.extend({ username: z.string(), is_active: z.boolean() });
export const invitationAcceptedSchema = detailSchema.extend({
  username: z.string(),
  organization: z.number().int(),
});
export const changePasswordResponse = authenticateResponseSchema.extend({ detail: z.string() });
export const alertsEmailResponse = z.object({ alerts_email: z.string().nullable() });
export const registrationDocument = z.object({
  data: z.object({
    type: z.literal('member_registrations'),
    id: z.number().int(),
    attributes: z.object({
      email: z.string(),
      role: z.string(),
      organization: z.number().int(),
      expires_at: z.string(),
      accepted_at: z.string().nullable(),
      sent_count: z.number().int(),
    }),
  }),
});
export const publicErrors = errorResponses(400, 429);
export const accountErrors = errorResponses(400, 401, 403, 404, 429);
