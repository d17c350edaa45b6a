import { z } from 'zod';
import { domainRefs, idField, text } from './fields';
import { listDocument, pageQueryShape } from './paging';

// The domains area on the wire (snake_case): domains under /api/dm/domains/ and /api/dm/v2/domains/,
// an organization's domains under /api/ph/organizations/{id}/domains, and the v2 domain groups.
// Server routes validate and serialize with these; the SPA reads Wire<typeof schema> (contract/casing.ts).

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
export const domainListDocument = listDocument(domainResourceSchema);

export const domainListQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  // The global filter's organization: support picks any; others may only name their own.
  organization: idField().optional(),
});
export const domainIdParams = z.object({ id: idField() });
export const domainNameParams = z.object({ name: z.string().min(1).max(300) });
export const domainNameBody = z.object({ name: text(253) });
export const organizationDomainPatchBody = z.object({ id: idField(), name: text(253) });
export const organizationDomainDeleteBody = z.object({ id: idField() });
export const detailDocument = z.object({ detail: z.string() });

// Domain groups (/api/dm/v2/domain-groups/).
export const domainGroupResourceSchema = z.object({
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
export type DomainGroupResource = z.output<typeof domainGroupResourceSchema>;
export const domainGroupDocument = z.object({ data: domainGroupResourceSchema });
export const domainGroupListDocument = listDocument(domainGroupResourceSchema);
export const domainGroupListQuery = domainListQuery;
export const domainGroupParams = domainIdParams;

const groupOwner = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int()
  .positive()
  .max(2_147_483_647);
export const domainGroupCreateBody = z.object({
  name: text(120),
  owner: groupOwner.optional(),
  domains: domainRefs.optional(),
});
export const domainGroupV1UpdateBody = z.object({
  name: text(120).optional(),
  domains: domainRefs.default([]),
});
export const domainGroupPatchBody = z.object({ name: text(120).optional(), owner: groupOwner.optional() });
export const domainGroupDomainsBody = z.object({ domains: domainRefs.default([]) });
