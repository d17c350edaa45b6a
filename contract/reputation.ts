import { z } from 'zod';
import { pageLinksSchema } from './paging';
import { answerExample, sample } from './example';
import { fieldErrorsSchema } from './errors';

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

export const listingDocumentSchema = answerExample(
  z.object({
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
  }),
  {
    data: {
      type: 'ip-listings',
      id: sample.ip,
      attributes: {
        target: sample.ip,
        ip_version: 4,
        asn: 'AS64500',
        net: '192.0.2.0/24',
        country_code: 'PT',
        title: `${sample.ip} is listed on 1 of 2 lists`,
        target_host: 'mail.example.com',
        target_host_confirmed: true,
        city: 'Lisbon',
        region: 'Lisbon',
        lookup_list: [
          {
            name: 'Example Block List',
            zone: 'bl.example.net',
            kind: 'block',
            status: 'listed',
            codes: [{ code: '127.0.0.2', meaning: 'Spam source' }],
            reason: 'Listed for sending to spam traps',
            error: null,
            time_ms: 41,
            delist_url: 'https://bl.example.net/delist',
          },
          {
            name: 'Example Allow List',
            zone: 'wl.example.net',
            kind: 'allow',
            status: 'not_listed',
            codes: [],
            reason: null,
            error: null,
            time_ms: 37,
            delist_url: null,
          },
        ],
        listed: 1,
        no_listed: 1,
        failed: 0,
        allow_listed: 0,
        reverse_dns: 'mail.example.com',
        reputation: {
          category: 'suspicious',
          label: 'Suspicious',
          level: 2,
          description: 'Seen sending unwanted mail recently',
          colour: '#f5a623',
          address: '127.0.0.3',
          zone: 'rep.example.net',
          lookup: 'ok',
        },
        delistable: true,
        checked_at: sample.time,
      },
    },
  },
);

export const delistResponseSchema = answerExample(
  z.object({
    status_message: z.string(),
    delisting: z.boolean(),
    data: z.object({
      type: z.literal('delist-requests'),
      id: z.string(),
      attributes: z.object({ target: z.string() }),
    }),
  }),
  {
    status_message: 'Your IP delist request was sent.',
    delisting: true,
    data: { type: 'delist-requests', id: sample.ip, attributes: { target: sample.ip } },
  },
);

export const ipInfoSchema = answerExample(
  z.object({
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
  }),
  {
    data: {
      type: 'ip-info',
      id: sample.ip,
      attributes: {
        ip: sample.ip,
        hostname: 'mail.example.com',
        hostname_confirmed: true,
        city: 'Lisbon',
        region: 'Lisbon',
        country: 'PT',
        country_name: 'Portugal',
        postal: '1000-001',
        loc: '38.7223,-9.1393',
        org: 'AS64500 Example Networks',
        asn: 'AS64500',
        network: '192.0.2.0/24',
        timezone: 'Europe/Lisbon',
        spf_domains: [sample.domain],
        dkim_domains: [sample.domain],
      },
    },
  },
);

// GET /api/rep/ips/: the organization's report source IPs (a page of 25), or with ?ip= one IP's summary.
export const sourceIpsSchema = answerExample(
  z.object({
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
  }),
  {
    data: [
      {
        type: 'ips',
        id: sample.ip,
        attributes: { ip: sample.ip, messages: 1250, reports: 14, last_seen: sample.day },
      },
    ],
    links: {
      current: '/api/rep/ips/?page=1',
      first: '/api/rep/ips/?page=1',
      last: '/api/rep/ips/?page=1',
      next: null,
      prev: null,
    },
    meta: { count: 1 },
  },
);
export const ipReputationSchema = answerExample(
  z.object({
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
  }),
  {
    data: {
      type: 'ip-reputation',
      id: sample.ip,
      attributes: { ip: sample.ip, listed: 0, no_listed: 2, reverse_dns: 'mail.example.com' },
    },
  },
);
export const ipsSchema = answerExample(z.union([sourceIpsSchema, ipReputationSchema]), {
  data: {
    type: 'ip-reputation',
    id: sample.ip,
    attributes: { ip: sample.ip, listed: 0, no_listed: 2, reverse_dns: 'mail.example.com' },
  },
});

// The optional web-analytics trackers (server/lib/trackers.ts); null: that one is off.
const trackersSchema = z.object({
  plausible: z.object({ script_url: z.string(), domain: z.string() }).nullable(),
  matomo: z.object({ url: z.string(), site_id: z.string() }).nullable(),
  umami: z.object({ script_url: z.string(), website_id: z.string() }).nullable(),
});

export const publicConfigSchema = answerExample(
  z.object({
    recaptcha_site_key: nullableText,
    recaptcha_enabled: z.boolean(),
    trackers: trackersSchema,
  }),
  {
    recaptcha_site_key: '6LcExampleSiteKey000000000000000000000000',
    recaptcha_enabled: true,
    trackers: {
      plausible: { script_url: 'https://plausible.example.com/js/script.js', domain: 'console.example.com' },
      matomo: null,
      umami: null,
    },
  },
);

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

// Examples as the errors catalogue words them (locales/en/errors.json).
const statusMessage = (code: string, message: string, field?: string) =>
  fieldErrorsSchema.meta({
    example: {
      status_message: [message],
      ...(field ? { [field]: [message] } : {}),
      error_codes: { status_message: [{ code }], ...(field ? { [field]: [{ code }] } : {}) },
    },
  });

/** Error answers of the IP calls with a shape of their own: status_message (and the field). */
export const ipErrorResponses = {
  400: statusMessage('ip_invalid', 'Enter a valid IPv4 or IPv6 address.', 'target'),
  429: statusMessage('too_many_requests', 'Too many requests. Try again in 30 seconds.'),
  503: statusMessage(
    'delist_check_failed',
    'The reputation of this IP could not be checked. Please try again.',
  ),
};
