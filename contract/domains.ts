import { z } from 'zod';
import { code } from './error-codes';
import { detailErrorSchema } from './errors';
import { domainRefs, idField, text } from './fields';
import { listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, bodyExample, sample } from './example';

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
  /** False until the operator sets a report domain mail from the internet reaches (REPORT_ADDRESS_DOMAIN). */
  report_address_receives_mail: z.boolean(),
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
export const domainExample: z.output<typeof domainResourceSchema> = {
  type: 'domains',
  id: 12,
  attributes: {
    name: sample.domain,
    organization: 4,
    created_at: sample.time,
    verification: {
      status: 'verified',
      method: 'dmarc',
      verified_at: sample.time,
      checked_at: sample.laterTime,
      problem: null,
      report_address: 'reports+4@msas.example.net',
      report_address_receives_mail: true,
      dmarc_rua: 'mailto:reports+4@msas.example.net',
      txt_name: `_msas.${sample.domain}`,
      txt_value: 'msas-verification=9f2c1e7a4b',
    },
  },
  relationships: {
    organization: { data: { type: 'organizations', id: 4 } },
    domain_groups: { data: [{ type: 'domain_groups', id: 3 }] },
  },
};
export const domainDocument = answerExample(z.object({ data: domainResourceSchema }), {
  data: domainExample,
});
export const domainListDocument = listExample(listDocument(domainResourceSchema), '/api/dm/domains/', [
  domainExample,
]);

export const domainListQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  // The global filter's organization: support picks any; others may only name their own.
  organization: idField().optional(),
});
export const domainIdParams = z.object({ id: idField() });
export const domainNameParams = z.object({ name: z.string().min(1).max(300) });
export const domainNameBody = bodyExample(z.object({ name: text(253) }), { name: sample.otherDomain });
export const organizationDomainPatchBody = bodyExample(z.object({ id: idField(), name: text(253) }), {
  id: 13,
  name: 'mail.example.org',
});
/** `delete`: the hosted DNS zones that hang on the domain go with it; absent, such a domain is refused. */
const zonesChoice = z.enum(['delete']).optional();
export const organizationDomainDeleteBody = bodyExample(z.object({ id: idField(), zones: zonesChoice }), {
  id: 13,
});
export const domainDeleteQuery = z.object({ zones: zonesChoice });
/** 409 of a domain delete without `zones`: the zones that would be left without their domain. */
export const domainHasZoneDocument = detailErrorSchema.extend({
  code: z.literal('domain_has_zone'),
  zones: z.array(z.string()),
});
export const detailDocument = answerExample(z.object({ detail: z.string() }), {
  detail: 'Domain example.org deleted.',
});

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
const domainGroupExample: DomainGroupResource = {
  type: 'domain_groups',
  id: 3,
  attributes: { name: 'Marketing', owner: 7, organization: 4, domains: [sample.domain, sample.otherDomain] },
  relationships: {
    owner: { data: { type: 'users', id: 7 } },
    domains: {
      data: [
        { type: 'domains', id: 12 },
        { type: 'domains', id: 13 },
      ],
    },
  },
};
export const domainGroupDocument = answerExample(z.object({ data: domainGroupResourceSchema }), {
  data: domainGroupExample,
});
export const domainGroupListDocument = listExample(
  listDocument(domainGroupResourceSchema),
  '/api/dm/v2/domain-groups/',
  [domainGroupExample],
);
export const domainGroupListQuery = domainListQuery;
export const domainGroupParams = domainIdParams;

const groupOwner = z.coerce
  .number({ message: code('invalid_integer') })
  .int()
  .positive()
  .max(2_147_483_647);
export const domainGroupCreateBody = bodyExample(
  z.object({
    name: text(120),
    owner: groupOwner.optional(),
    domains: domainRefs.optional(),
  }),
  { name: 'Marketing', owner: 7, domains: [sample.domain, sample.otherDomain] },
);
export const domainGroupV1UpdateBody = bodyExample(
  z.object({
    name: text(120).optional(),
    domains: domainRefs.default([]),
  }),
  { name: 'Marketing', domains: [sample.domain] },
);
export const domainGroupPatchBody = bodyExample(
  z.object({ name: text(120).optional(), owner: groupOwner.optional() }),
  { name: 'Marketing EU', owner: 7 },
);
export const domainGroupDomainsBody = bodyExample(z.object({ domains: domainRefs.default([]) }), {
  domains: [sample.otherDomain],
});
