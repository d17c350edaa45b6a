import { z } from 'zod';
import { pageLinksSchema, pageMetaSchema } from './paging';

// Domain Info on the wire (/api/dm/domains/{name}/dmarc-record/, spf-record/, ips/, dkim-signatures/) and
// the DNS history of a domain (/api/dm/v2/domains/{id}/history/{type}/).

export const currentRecordDocument = z.object({
  data: z.object({ domain: z.string(), record: z.string().nullable(), checked_at: z.string().nullable() }),
});

export const domainIpsDocument = z.object({
  data: z.object({
    domain: z.string(),
    ips: z.array(z.object({ ip: z.string(), source: z.enum(['A', 'AAAA', 'MX']), host: z.string() })),
  }),
});

export const domainDkimDocument = z.object({
  data: z.array(
    z.object({
      selector: z.string(),
      domain: z.string(),
      source: z.enum(['reports', 'dns', 'both']),
      key_type: z.string().nullable(),
      key_bits: z.number().nullable(),
      testing: z.boolean(),
      last_seen: z.string().nullable(),
    }),
  ),
});

/** Changes of one record set, newest first; empty content marks a removed set (docs/CHECKS.md). */
export const historyList = z.object({
  data: z.array(
    z.object({
      type: z.literal('history'),
      id: z.string(),
      attributes: z.object({ date: z.string(), type: z.string(), ttl: z.number(), content: z.string() }),
    }),
  ),
  links: pageLinksSchema,
  meta: pageMetaSchema,
});
