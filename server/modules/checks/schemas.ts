import { z } from 'zod';
import { checkWarningSchema } from '../../../contract/checks';
import { errorResponses } from '../../lib/schemas';

// Schemas of the public /checks routes (OpenAPI). Attributes list the fields of product spec section 3
// for each result; checkers may add more (loose objects).

export const domainParams = z.object({ domain: z.string().min(1).max(300) });

const flag = z.string().max(10).optional().describe('true (default) or false');
export const domainQuery = z.object({
  nameServers: flag,
  smtpServers: flag,
  dnssec: flag,
  spf: flag,
  dmarc: flag,
  dane: flag,
  tls: flag,
  tlsRpt: flag,
  mtaSts: flag,
});

export const spfQuery = z.object({
  ip: z.string().max(64).optional().describe('Client IP for check_host() (RFC 7208 §4)'),
  sender: z.string().max(320).optional().describe('MAIL FROM address; postmaster@<domain> by default'),
  helo: z.string().max(255).optional(),
});

const warning = checkWarningSchema;
const scored = { warnings: z.array(warning), score: z.number() };
const dmarcTag = z.object({
  value: z.string().nullable(),
  explicit: z.boolean(),
  name: z.string(),
  default: z.string().nullable(),
  description: z.string(),
});

const dnssecStatus = z.enum(['secure', 'insecure', 'bogus', 'indeterminate']);
const dnssecName = z.looseObject({
  name: z.string(),
  status: dnssecStatus,
  rcode: z.string(),
  ede: z.array(z.looseObject({ code: z.number(), text: z.string(), meaning: z.string() })),
  has_ds: z.boolean(),
  has_dnskey: z.boolean(),
});

const tlsaRecord = z.looseObject({
  usage: z.number(),
  selector: z.number(),
  matching_type: z.number(),
  data: z.string(),
  usable: z.boolean(),
  matches: z.boolean(),
  reason: z.string().optional(),
});

const certificate = z.looseObject({
  subject: z.string(),
  issuer: z.string(),
  subject_alt_names: z.array(z.string()),
  valid_from: z.string(),
  valid_to: z.string(),
  days_left: z.number(),
  fingerprint256: z.string(),
  self_signed: z.boolean(),
});

const smtpHost = z.looseObject({
  host: z.string(),
  preference: z.number(),
  address: z.string().nullable(),
  port: z.number(),
  banner: z.string().nullable(),
  extensions: z.array(z.string()).describe('EHLO keywords before STARTTLS'),
  start_tls: z.boolean(),
  tls: z
    .looseObject({
      protocol: z.string().nullable(),
      cipher: z.string().nullable(),
      trusted: z.boolean(),
      trust_error: z.string().nullable(),
      name_matches: z.boolean(),
      expired: z.boolean(),
      chain: z.array(certificate).describe('Leaf first, then each issuer the server sent'),
    })
    .nullable(),
  steps: z
    .array(
      z.looseObject({ step: z.string(), ms: z.number(), ok: z.boolean(), detail: z.string().optional() }),
    )
    .describe('resolve, connect, banner, ehlo, starttls, tls, ehlo_tls, quit: what was reached and its time'),
  ...scored,
});

export const attributes = {
  dns: z.looseObject({
    domain: z.string(),
    base_domain: z.string(),
    dnssec: z.string().nullable(),
    ns: z.looseObject({ hostnames: z.array(z.string()), ...scored }),
    mx: z.looseObject({
      hosts: z.array(z.looseObject({ hostname: z.string(), preference: z.number() })),
      ...scored,
    }),
    dnssec_score: z.number().nullable(),
    dane_score: z.number().nullable(),
    tls_score: z.number().nullable(),
    ...scored,
  }),
  spf: z.looseObject({
    domain: z.string(),
    record: z.string().nullable(),
    dns_lookups: z.number(),
    tree: z.unknown(),
    valid: z.boolean(),
    check_host: z.looseObject({ result: z.string(), explanation: z.string().optional() }).optional(),
    ...scored,
  }),
  dmarc: z.looseObject({
    domain: z.string(),
    record: z.string().nullable(),
    location: z.string().nullable(),
    tags: z.record(z.string(), dmarcTag).nullable(),
    valid: z.boolean(),
    ...scored,
  }),
  'mta-sts': z.looseObject({
    domain: z.string(),
    record: z.string().nullable(),
    valid: z.boolean(),
    location: z.string(),
    policy: z.object({
      url: z.string(),
      data: z.string().nullable(),
      info: z
        .object({
          mx: z.array(z.string()),
          version: z.string().nullable(),
          mode: z.string().nullable(),
          max_age: z.number().nullable(),
        })
        .nullable(),
    }),
    ...scored,
  }),
  'tls-rpt': z.looseObject({
    domain: z.string(),
    record: z.string().nullable(),
    valid: z.boolean(),
    location: z.string(),
    policy: z.looseObject({ v: z.string(), rua: z.array(z.looseObject({ uri: z.string() })) }).nullable(),
    ...scored,
  }),
  dnssec: z.looseObject({
    domain: z.string(),
    status: dnssecStatus.describe("The domain's own status (the DNS check result's dnssec)"),
    details: dnssecName,
    mx: z.array(dnssecName),
    ...scored,
  }),
  dane: z.looseObject({
    domain: z.string(),
    mx_secure: z.boolean().describe('The MX RRset is DNSSEC-validated (RFC 7672 §2.2.1)'),
    hosts: z.array(
      z.looseObject({
        host: z.string(),
        tlsa_name: z.string(),
        status: z.enum([
          'valid',
          'mismatch',
          'no_tlsa',
          'insecure_tlsa',
          'bogus_tlsa',
          'unusable',
          'host_insecure',
          'no_tls',
          'lookup_failed',
        ]),
        secure: z.boolean(),
        records: z.array(tlsaRecord),
        ...scored,
      }),
    ),
    ...scored,
  }),
  smtp: z.looseObject({
    domain: z.string(),
    null_mx: z.boolean(),
    hosts: z.array(smtpHost),
    ...scored,
  }),
  domain: z.object({
    domain: z.string(),
    checks: z
      .record(z.string(), z.unknown())
      .describe('One result per checker that ran, keyed dns, spf, dmarc, tls_rpt, mta_sts, ...'),
    score: z.number().nullable(),
  }),
} as const;

export function documentSchema<T extends z.ZodType>(type: string, attrs: T) {
  return z.object({
    data: z.object({ type: z.literal(type), id: z.string(), attributes: attrs }),
    meta: z.object({ checked_at: z.string(), cached: z.boolean() }),
  });
}

export const checkErrors = errorResponses(400, 429);
