import { z } from 'zod';
import { errorResponses, text } from '../../lib/schemas';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from '../organizations/paging';

const ref = z.object({ type: z.string(), id: z.number().int() });
export const groupResource = z.object({
  type: z.literal('domain_groups'),
  id: z.number().int(),
  attributes: z.object({
    name: z.string(),
    owner: z.number().int().nullable(),
    organization: z.number().int(),
    domains: z.array(z.string()),
  }),
  relationships: z.object({
    owner: z.object({ data: ref.nullable() }),
    domains: z.object({ data: z.array(ref) }),
  }),
});
export type GroupResource = z.infer<typeof groupResource>;
export const groupDocument = z.object({ data: groupResource });
export const groupList = z.object({
  data: z.array(groupResource),
  links: pageLinksSchema,
  meta: pageMetaSchema,
});
export const groupListQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  // The global filter's organization: support picks any; others may only name their own.
  organization: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const groupParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const userId = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int()
  .positive()
  .max(2_147_483_647);
// Form posts repeat the field (domains=a&domains=b); one value arrives as a string.
const domainRefs = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(z.union([z.string().max(300), z.number().int()]).transform(String)).max(1000),
);

export const createBody = z.object({
  name: text(120),
  owner: userId.optional(),
  domains: domainRefs.optional(),
});
export const v1UpdateBody = z.object({ name: text(120).optional(), domains: domainRefs.default([]) });
export const patchBody = z.object({ name: text(120).optional(), owner: userId.optional() });
export const domainsBody = z.object({ domains: domainRefs.default([]) });
export const detailBody = z.object({ detail: z.string() });
export const groupErrors = errorResponses(400, 401, 403, 404);
