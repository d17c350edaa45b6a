import { z } from 'zod';

// The warning every domain checker reports (server/checks/score/warning.ts): a stable code the console
// translates by, a severity, the English message, and the values that message interpolates.
export const checkWarningSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  /** The name the warning is about when it is not the checked domain itself (an MX host, a destination). */
  subject: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type CheckWarningWire = z.output<typeof checkWarningSchema>;

export const text = z.string();
export const nullableText = z.string().nullable();
export const scored = { warnings: z.array(checkWarningSchema), score: z.number() };

/** A checker of the aggregate that threw or ran past its deadline. */
export const checkFailureSchema = z.object({ error: z.string() });
