import { z } from 'zod';

// Field rules shared by the contract's request schemas, in the words the SPA's catalogue expects
// (Django REST framework's). A missing field reads "This field is required." (server/lib/schemas.ts).
export const blankMessage = 'This field may not be blank.';
export const maxLengthMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;

export const text = (max = 255) => z.string().trim().min(1, blankMessage).max(max, maxLengthMessage(max));

// Database ids: positive 32-bit integers, from a path, a query or a form field.
export const idField = () => z.coerce.number().int().positive().max(2_147_483_647);
