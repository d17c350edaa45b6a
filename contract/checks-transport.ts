import { z } from 'zod';
import { nullableText, scored, text } from './check-fields';

// DNSSEC (RFC 4033 §5, RFC 4035 §4.3) of the domain and of each MX host; EDE codes of RFC 8914.
const dnssecStatus = z.enum(['secure', 'insecure', 'bogus', 'indeterminate']);
const dnssecName = z.object({
  name: text,
  status: dnssecStatus,
  rcode: text,
  ede: z.array(z.object({ code: z.number(), text, meaning: text })),
  has_ds: z.boolean(),
  has_dnskey: z.boolean(),
});
export const dnssecCheckSchema = z.object({
  domain: text,
  status: dnssecStatus.describe("The domain's own status (the DNS check result's dnssec)"),
  details: dnssecName,
  mx: z.array(dnssecName),
  ...scored,
});

// DANE (RFC 7672): the TLSA records of each MX host against the certificate it presents.
export const daneStatuses = [
  'valid',
  'mismatch',
  'no_tlsa',
  'insecure_tlsa',
  'bogus_tlsa',
  'unusable',
  'host_insecure',
  'no_tls',
  'lookup_failed',
] as const;
export const daneCheckSchema = z.object({
  domain: text,
  mx_secure: z.boolean().describe('The MX RRset is DNSSEC-validated (RFC 7672 §2.2.1)'),
  hosts: z.array(
    z.object({
      host: text,
      tlsa_name: text,
      status: z.enum(daneStatuses),
      secure: z.boolean(),
      records: z.array(
        z.object({
          usage: z.number(),
          selector: z.number(),
          matching_type: z.number(),
          data: text,
          usable: z.boolean(),
          matches: z.boolean(),
          reason: text.optional(),
        }),
      ),
      ...scored,
    }),
  ),
  ...scored,
});

// SMTP servers and their TLS: banner, STARTTLS, protocol, cipher, certificate chain, step timings.
const certificate = z.object({
  subject: text,
  issuer: text,
  subject_alt_names: z.array(text),
  valid_from: text,
  valid_to: text,
  days_left: z.number(),
  fingerprint256: text,
  self_signed: z.boolean(),
});
export const smtpCheckSchema = z.object({
  domain: text,
  null_mx: z.boolean(),
  hosts: z.array(
    z.object({
      host: text,
      preference: z.number(),
      address: nullableText,
      port: z.number(),
      banner: nullableText,
      extensions: z.array(text).describe('EHLO keywords before STARTTLS'),
      start_tls: z.boolean(),
      tls: z
        .object({
          protocol: nullableText,
          cipher: nullableText,
          trusted: z.boolean(),
          trust_error: nullableText,
          name_matches: z.boolean(),
          expired: z.boolean(),
          chain: z.array(certificate).describe('Leaf first, then each issuer the server sent'),
        })
        .nullable(),
      steps: z.array(
        z.object({
          step: z.enum(['resolve', 'connect', 'banner', 'ehlo', 'starttls', 'tls', 'ehlo_tls', 'quit']),
          ms: z.number(),
          ok: z.boolean(),
          detail: text.optional(),
        }),
      ),
      ...scored,
    }),
  ),
  ...scored,
});
