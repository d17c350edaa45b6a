import type { z } from 'zod';

// Examples for the OpenAPI document, kept beside their schemas. The wire form is what a response schema
// puts out and what a request schema takes in, so TypeScript checks each example's shape here, and
// tests/integration/openapi-complete.test.ts validates every one against the published document.

/** A response schema with an example of its answer (the shape it serializes to). */
export const answerExample = <S extends z.ZodType>(schema: S, example: z.output<S>): S =>
  schema.meta({ example });

/** A request schema (a body) with an example of what a client sends. */
export const bodyExample = <S extends z.ZodType>(schema: S, example: z.input<S>): S =>
  schema.meta({ example });

// Values the examples share: documentation addresses (RFC 2606 names, RFC 5737 and RFC 3849 addresses).
export const sample = {
  domain: 'example.com',
  otherDomain: 'example.org',
  ip: '192.0.2.10',
  otherIp: '198.51.100.7',
  ipv6: '2001:db8::25',
  day: '2026-05-04',
  endDay: '2026-05-10',
  time: '2026-05-04T09:30:00.000Z',
  laterTime: '2026-05-11T06:00:00.000Z',
  email: 'postmaster@example.com',
} as const;
