import { z } from 'zod';

// The unsubscribe link of alert and digest e-mails (GET shows a confirmation page; POST, from that page or a
// mail client's one-click List-Unsubscribe of RFC 8058 section 3.1, removes the address). The signed token
// comes in the query or in the form body.
export const unsubscribeQuery = z.object({ token: z.string().max(2000).optional() });
export const unsubscribeBody = z
  .object({ token: z.string().max(2000).optional(), 'List-Unsubscribe': z.string().max(100).optional() })
  .optional();
export const unsubscribeDocument = z.object({ detail: z.string() });
