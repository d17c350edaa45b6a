import { z } from 'zod';
import { detailErrorSchema } from './errors';
import { answerExample } from './example';

// Demo data under /api/dm/demo-data/: whether the caller may load it into their organization,
// and what loading it stored.

export const demoStateDocument = answerExample(
  z.object({
    data: z.object({
      /** The caller owns an organization without domains or reports, on an installation without reports. */
      available: z.boolean(),
      /** Why not, when the caller is an owner (null otherwise or when available). */
      reason: z.string().nullable(),
    }),
  }),
  { data: { available: true, reason: null } },
);

export const demoLoadedDocument = answerExample(
  z.object({
    data: z.object({
      domains: z.number().int(),
      groups: z.number().int(),
      reports: z.number().int(),
      records: z.number().int(),
    }),
  }),
  { data: { domains: 12, groups: 4, reports: 550, records: 2972 } },
);

/** The 409 when demo data cannot be loaded into the organization (its reason in `detail`). */
export const demoConflictDocument = detailErrorSchema.loose();
