import { z } from 'zod';
import { detailDocument, emailField, text } from './fields';
import { answerExample, bodyExample } from './example';

// The public contact form on the wire: POST /api/ph/contact/ answers 201 {"detail": "Message sent."}.
export const contactBody = bodyExample(
  z.object({
    name: text(120),
    email: emailField(),
    subject: text(200),
    message: text(5000),
  }),
  {
    name: 'Ana Silva',
    email: 'ana@example.com',
    subject: 'DMARC reports for a new domain',
    message: 'Hello, how do I point the rua of example.org at msas?',
  },
);
export type ContactInput = z.output<typeof contactBody>;
export const contactSentDocument = answerExample(detailDocument, { detail: 'Message sent.' });
