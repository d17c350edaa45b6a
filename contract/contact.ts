import { z } from 'zod';
import { detailDocument, emailField, text } from './fields';

// The public contact form on the wire: POST /api/ph/contact/ answers 201 {"detail": "Message sent."}.
export const contactBody = z.object({
  name: text(120),
  email: emailField(),
  subject: text(200),
  message: text(5000),
});
export type ContactInput = z.output<typeof contactBody>;
export const contactSentDocument = detailDocument;
