import { z } from 'zod';
import { formatShape } from '../../lib/csv';
import { errorResponses, text } from '../../lib/schemas';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from '../../lib/paging';
import { normalizeCidr } from './cidr';

// Wire shapes of the email-sender catalogue (spec sections 3 and 7).

export const invalidName = 'Enter a valid domain name.';
// DNS names as they appear in SPF includes and PTR suffixes: underscores allowed (_spf.example.com), at least
// two labels, 63 octets a label and 253 in all (RFC 1035 section 2.3.4).
const dnsName = z
  .string()
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/\.$/, '').replace(/^\./, ''))
  .refine(
    (s) => s.length <= 253 && /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9-]{1,63}$/.test(s),
    invalidName,
  );
const names = z
  .array(dnsName)
  .max(50, 'Ensure this field has no more than 50 elements.')
  .transform((l) => [...new Set(l)]);

export const cidrField = z
  .string()
  .max(64, 'Ensure this field has no more than 64 characters.')
  .transform((s, ctx) => {
    const r = normalizeCidr(s);
    if (r.ok) return r.range;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });

export const senderParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const createBody = z.object({
  name: text(100),
  spf_includes: names.optional(),
  reverse_dns_suffixes: names.optional(),
});
export const patchBody = createBody.partial();
export type SenderInput = z.infer<typeof patchBody>;

export const networksPutBody = z.object({
  networks: z
    .array(z.object({ range: cidrField }))
    .max(5000, 'Ensure this field has no more than 5000 elements.'),
});
export const networkPostBody = z.object({ range: cidrField });
export const networksDeleteBody = z.object({ ranges: z.array(cidrField).min(1).max(5000) });

export const listQuery = z.object({
  ...pageQueryShape,
  ...formatShape,
  search: z.string().max(255).optional(),
  ordering: z.string().max(64).optional(),
});

export const senderAttributes = z.object({
  name: z.string(),
  created_date: z.string(),
  networks: z.array(z.object({ range: z.string() })),
  logo: z.string().nullable(),
  spf_includes: z.array(z.string()),
  reverse_dns_suffixes: z.array(z.string()),
  file: z.null(),
});
export type SenderAttributes = z.infer<typeof senderAttributes>;

const senderResource = z.object({
  type: z.literal('email-senders'),
  id: z.string(),
  attributes: senderAttributes,
});
export const senderDocument = z.object({ data: senderResource });
export const senderList = z.object({
  data: z.array(senderResource),
  links: pageLinksSchema,
  meta: pageMetaSchema,
});
export const networksDocument = z.object({
  data: z.array(z.object({ id: z.number(), range: z.string() })),
});

export const senderErrors = errorResponses(400, 401, 403, 404);
