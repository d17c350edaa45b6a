import { z } from 'zod';
import { detailErrorSchema } from './errors';
import { code } from './error-codes';
import { normalizeCidr } from './cidr';
import { detailDocument, idField, text } from './fields';
import { formatShape, listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, bodyExample, sample } from './example';

// The email-sender catalogue on the wire (spec sections 3 and 7), under
// /api/dm/dmarc/aggregate-reports/email-senders/. Server routes validate and serialize with these; the SPA
// reads Wire<typeof schema> (contract/casing.ts).

const invalidName = code('domain_invalid');
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
  .max(50, code('max_items'))
  .transform((l) => [...new Set(l)]);

export const cidrField = z
  .string()
  .max(64, code('max_length'))
  .transform((s, ctx) => {
    const r = normalizeCidr(s);
    if (r.ok) return r.range;
    ctx.addIssue({ code: 'custom', message: r.message.code, params: r.message.params });
    return z.NEVER;
  });

export const senderParams = z.object({ id: idField() });

export const createBody = bodyExample(
  z.object({
    name: text(100),
    spf_includes: names.optional(),
    reverse_dns_suffixes: names.optional(),
  }),
  {
    name: 'Example Mail',
    spf_includes: [`_spf.${sample.otherDomain}`],
    reverse_dns_suffixes: [`mail.${sample.otherDomain}`],
  },
);
export const patchBody = bodyExample(createBody.partial(), {
  reverse_dns_suffixes: [`mail.${sample.otherDomain}`, `out.${sample.otherDomain}`],
});
export type SenderInput = z.output<typeof patchBody>;

export const networksPutBody = bodyExample(
  z.object({
    networks: z.array(z.object({ range: cidrField })).max(5000, code('max_items')),
  }),
  { networks: [{ range: '192.0.2.0/24' }, { range: '2001:db8::/32' }] },
);
export const networkPostBody = bodyExample(z.object({ range: cidrField }), { range: '198.51.100.0/24' });
export const networksDeleteBody = bodyExample(z.object({ ranges: z.array(cidrField).min(1).max(5000) }), {
  ranges: ['198.51.100.0/24'],
});

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
export type SenderAttributes = z.output<typeof senderAttributes>;

export const senderResource = z.object({
  type: z.literal('email-senders'),
  id: z.string(),
  attributes: senderAttributes,
});
const senderExample: z.output<typeof senderResource> = {
  type: 'email-senders',
  id: '3',
  attributes: {
    name: 'Example Mail',
    created_date: sample.time,
    networks: [{ range: '192.0.2.0/24' }, { range: '2001:db8::/32' }],
    logo: '/api/dm/dmarc/aggregate-reports/email-senders/3/logo/',
    spf_includes: [`_spf.${sample.otherDomain}`],
    reverse_dns_suffixes: [`mail.${sample.otherDomain}`],
    file: null,
  },
};
export const senderDocument = answerExample(z.object({ data: senderResource }), { data: senderExample });
export const senderListDocument = listExample(
  listDocument(senderResource),
  '/api/dm/dmarc/aggregate-reports/email-senders/',
  [senderExample],
);
const networksExample = [
  { id: 40, range: '192.0.2.0/24' },
  { id: 41, range: '2001:db8::/32' },
];
export const networksDocument = answerExample(
  z.object({ data: z.array(z.object({ id: z.number(), range: z.string() })) }),
  { data: networksExample },
);
// Logo upload: multipart field "file", or JSON {file: data URL}; the route reads the bytes itself.
export const logoBody = bodyExample(z.object({ file: z.unknown().optional() }), {
  file: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
});
// Re-attributing every stored source IP (202), and the networks an SPF refresh found and added.
export const recalculatedDocument = answerExample(detailDocument.extend({ ips: z.number() }), {
  detail: 'Source IPs re-attributed to their email senders.',
  ips: 1840,
});
export const networksRefreshedDocument = answerExample(
  networksDocument.extend({ meta: z.object({ found: z.number(), added: z.number() }) }),
  { data: networksExample, meta: { found: 2, added: 1 } },
);
/** An SPF refresh that DNS could not answer (502) or not in time (504). */
export const refreshFailure = detailErrorSchema.loose();
