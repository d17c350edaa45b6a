import { z } from 'zod';
import { accessExample, authenticateResponseSchema, refreshExample } from './auth';
import { blankMessage, detailDocument, emailField, text } from './fields';
import { answerExample, bodyExample } from './example';

// The account area on the wire (snake_case), under /api/ph: sign-up and its confirmation, password reset
// and change, the alerts address. Server routes validate and serialize with these; the SPA reads
// Wire<typeof schema> (contract/casing.ts).

export const passwordField = z.string().min(1, blankMessage).max(1024);
export const registerBody = bodyExample(
  z.object({
    name: text(120),
    username: text(150),
    password: passwordField,
    email: emailField(),
  }),
  {
    name: 'Example Lda',
    username: 'ana',
    password: 'correct horse battery staple',
    email: 'ana@example.com',
  },
);
export const tokenBody = bodyExample(z.object({ token: text(200) }), {
  token: 'c2lnbi11cC1jb25maXJtYXRpb24tZXhhbXBsZQ',
});
export const emailBody = bodyExample(z.object({ email: emailField() }), { email: 'ana@example.com' });
export const resetConfirmBody = bodyExample(
  z.object({
    username: z.string().max(150).optional(),
    token: text(200),
    password: passwordField,
  }),
  { username: 'ana', token: 'cGFzc3dvcmQtcmVzZXQtZXhhbXBsZQ', password: 'a new long passphrase' },
);
export const changePasswordBody = bodyExample(
  z.object({
    current_password: passwordField,
    new_password: passwordField,
    confirm_password: passwordField,
  }),
  {
    current_password: 'correct horse battery staple',
    new_password: 'a new long passphrase',
    confirm_password: 'a new long passphrase',
  },
);
export const alertsEmailBody = bodyExample(
  z.object({ alerts_email: z.union([z.literal(''), emailField()]).nullable() }),
  { alerts_email: 'dmarc-alerts@example.com' },
);

export { detailDocument };
// Confirming a sign-up also names the account it made.
export const accountConfirmedDocument = answerExample(
  detailDocument.extend({
    username: z.string(),
    is_active: z.boolean(),
  }),
  { detail: 'Your account is confirmed.', username: 'ana', is_active: true },
);
export const changePasswordDocument = answerExample(
  authenticateResponseSchema.extend({ detail: z.string() }),
  { detail: 'Password changed.', access: accessExample, refresh: refreshExample },
);
export const alertsEmailDocument = answerExample(z.object({ alerts_email: z.string().nullable() }), {
  alerts_email: 'dmarc-alerts@example.com',
});
