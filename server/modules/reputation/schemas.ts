import { z } from 'zod';
import { fieldErrorsSchema } from '../../../contract/errors';
import { detailSchema } from '../../lib/schemas';

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
    attributes: z.looseObject({ ip: z.string() }),
  }),
});

export const ipsSchema = z.looseObject({ data: z.unknown() });

export const publicConfigSchema = z.object({
  recaptcha_site_key: nullableText,
  recaptcha_enabled: z.boolean(),
});

/** Error answers of the IP calls: status_message (and the field), or detail for auth failures. */
export const ipErrors = {
  400: fieldErrorsSchema,
  401: detailSchema,
  429: fieldErrorsSchema,
  503: fieldErrorsSchema,
};
