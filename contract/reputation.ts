import { z } from 'zod';
import { pageLinksSchema } from './paging';

// IP verify and reputation on the wire (spec section 3 "IP listing", "IP info", "IP reputation"):
// /checks/rbl/, /api/rep/v2/ips/{ip}/ip-info-io/, /api/rep/ips/, the delist request and the public config.

const nullableText = z.string().nullable();

const listResult = z.object({
  name: z.string(),
  zone: z.string(),
  kind: z.enum(['block', 'allow']),
  status: z.enum(['listed', 'not_listed', 'error', 'timeout']),
  codes: z.array(z.object({ code: z.string(), meaning: z.string() })),
  reason: nullableText,
  error: nullableText,
  time_ms: z.number(),
  delist_url: nullableText,
});

const reputation = z.object({
  category: z.string(),
  label: z.string(),
  level: z.number().nullable(),
  description: z.string(),
  colour: z.string(),
  address: nullableText,
  zone: nullableText,
  lookup: z.enum(['ok', 'error', 'timeout', 'not_configured']),
});

export const listingDocumentSchema = z.object({
  data: z.object({
    type: z.literal('ip-listings'),
    id: z.string(),
    attributes: z.object({
      target: z.string(),
      ip_version: z.number(),
      asn: nullableText,
      net: nullableText,
      country_code: nullableText,
      title: z.string(),
      target_host: nullableText,
      target_host_confirmed: z.boolean(),
      city: nullableText,
      region: nullableText,
      lookup_list: z.array(listResult),
      listed: z.number(),
      no_listed: z.number(),
      failed: z.number(),
      allow_listed: z.number(),
      reverse_dns: nullableText,
      reputation,
      delistable: z.boolean(),
      checked_at: z.string(),
    }),
  }),
});

export const delistResponseSchema = z.object({
  status_message: z.string(),
  delisting: z.boolean(),
  data: z.object({
    type: z.literal('delist-requests'),
    id: z.string(),
    attributes: z.object({ target: z.string() }),
  }),
});

export const ipInfoSchema = z.object({
  data: z.object({
    type: z.literal('ip-info'),
    id: z.string(),
    attributes: z.object({
      ip: z.string(),
      hostname: nullableText,
      /** The hostname resolves back to the IP (forward-confirmed reverse DNS). */
      hostname_confirmed: z.boolean(),
      city: nullableText,
      region: nullableText,
      country: nullableText.describe('ISO 3166-1 alpha-2 code'),
      country_name: nullableText,
      postal: nullableText,
      loc: nullableText.describe('latitude,longitude'),
      org: nullableText.describe('Autonomous system number and its organization'),
      asn: nullableText,
      network: nullableText,
      timezone: nullableText,
      spf_domains: z.array(z.string()).describe("Domains of the caller's reports this IP passed SPF for"),
      dkim_domains: z.array(z.string()).describe("Domains of the caller's reports this IP signed DKIM for"),
    }),
  }),
});

// GET /api/rep/ips/: the organization's report source IPs (a page of 25), or with ?ip= one IP's summary.
export const sourceIpsSchema = z.object({
  data: z.array(
    z.object({
      type: z.literal('ips'),
      id: z.string(),
      attributes: z.object({
        ip: z.string(),
        messages: z.number(),
        reports: z.number().int(),
        last_seen: z.string(),
      }),
    }),
  ),
  links: pageLinksSchema,
  meta: z.object({ count: z.number().int() }),
});
export const ipReputationSchema = z.object({
  data: z.object({
    type: z.literal('ip-reputation'),
    id: z.string(),
    attributes: z.object({
      ip: z.string(),
      listed: z.number().int(),
      no_listed: z.number().int(),
      reverse_dns: nullableText,
    }),
  }),
});
export const ipsSchema = z.union([sourceIpsSchema, ipReputationSchema]);

export const publicConfigSchema = z.object({
  recaptcha_site_key: nullableText,
  recaptcha_enabled: z.boolean(),
});

// Requests: the IP verification page's query (camelCase on the wire, as the SPA sends it), one IP, the list.
export const ipVerifyQuery = z.object({
  ipLookup: z.string().optional(),
  target: z.string().optional(),
  token: z.string().optional(),
  delisting: z.string().optional(),
});

export const ipParams = z.object({ ip: z.string() });
export const ipsQuery = z.object({
  ip: z.string().optional(),
  page: z.coerce.number().int().min(1).optional(),
});
