import { z } from 'zod';
import { answerExample, bodyExample } from './example';

// The unsubscribe link of alert and digest e-mails (GET shows a confirmation page; POST, from that page or a
// mail client's one-click List-Unsubscribe of RFC 8058 section 3.1, removes the address). The signed token
// comes in the query or in the form body.
export const unsubscribeQuery = z.object({ token: z.string().max(2000).optional() });
export const unsubscribeBody = bodyExample(
  z
    .object({ token: z.string().max(2000).optional(), 'List-Unsubscribe': z.string().max(100).optional() })
    .optional(),
  { 'List-Unsubscribe': 'One-Click' },
);
export const unsubscribeDocument = answerExample(z.object({ detail: z.string() }), {
  detail: 'You will not receive this report any more.',
});
/** GET's answer: the confirmation page. */
export const unsubscribePage = z.string().describe('text/html');
