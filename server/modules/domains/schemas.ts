import { z } from 'zod';
import { errorResponses, text } from '../../lib/schemas';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from '../organizations/paging';

const ref = z.object({ type: z.string(), id: z.number().int() });
// Ownership (docs/PERMISSIONS.md): the state, and the records that verify the domain (either one).
export const verificationSchema = z.object({
  status: z.enum(['verified', 'pending']),
  method: z.enum(['dmarc', 'txt', 'grandfathered']).nullable(),
  verified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  problem: z.enum(['not_found', 'dns', 'unavailable']).nullable(),
  report_address: z.string(),
  dmarc_rua: z.string(),
  txt_name: z.string(),
  txt_value: z.string(),
});
export const domainResourceSchema = z.object({
  type: z.literal('domains'),
  id: z.number().int(),
  attributes: z.object({
    name: z.string(),
    organization: z.number().int(),
    created_at: z.string(),
    verification: verificationSchema.optional(),
  }),
  relationships: z
    .object({ organization: z.object({ data: ref }), domain_groups: z.object({ data: z.array(ref) }) })
    .optional(),
});
export const domainDocument = z.object({ data: domainResourceSchema });
export const domainListSchema = z.object({
  data: z.array(domainResourceSchema),
  links: pageLinksSchema,
  meta: pageMetaSchema,
});
export const domainListQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  organization: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const nameBody = z.object({ name: text(253) });
export const nameParams = z.object({ name: z.string().min(1).max(300) });
export const orgDomainPatchBody = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  name: text(253),
});
export const orgDomainDeleteBody = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const detailBody = z.object({ detail: z.string() });
export const domainErrors = errorResponses(400, 401, 403, 404);
export const verifyErrors = errorResponses(401, 403, 404, 429);
