import { z } from 'zod';
import { answerExample, bodyExample, sample } from './example';

// DNSSEC signing of a zone (docs/DNS.md "DNSSEC"): on or off, its keys, and the DS records for the registrar.
export const dnssecBody = bodyExample(z.object({ enabled: z.boolean() }), { enabled: true });
export const dnssecDocument = answerExample(
  z.object({
    zone: z.string(),
    enabled: z.boolean(),
    keys: z.array(
      z.object({
        id: z.number().int(),
        keytype: z.string(),
        active: z.boolean(),
        algorithm: z.string(),
        bits: z.number().int(),
        flags: z.number().int(),
        dnskey: z.string(),
      }),
    ),
    /** DS records to give the registrar: key tag, algorithm, digest type, digest (RFC 4034 section 5.3). */
    ds: z.array(z.string()),
  }),
  {
    zone: `${sample.domain}.`,
    enabled: true,
    keys: [
      {
        id: 1,
        keytype: 'csk',
        active: true,
        algorithm: 'ECDSAP256SHA256',
        bits: 256,
        flags: 257,
        dnskey:
          '257 3 13 kw2l2HJ2GIVH8iqmMWVTXfk+x9uuNLFE7cjDC2nC+NKM5FjLSTf/tF9b3+DvJac+UK1nLqMkIaXQIsfJXUpnaQ==',
      },
    ],
    ds: ['53451 13 2 1b4b852c35e563ff40dcdb7711d0703fc7bd9ec426067501151f03838781e762'],
  },
);
