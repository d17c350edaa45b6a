import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { fieldError } from '../../lib/errors';
import { errorResponses } from '../../lib/schemas';
import {
  checkDocumentSchema,
  checkDomainParams,
  domainCheckQuery,
  spfCheckQuery,
  type CheckKind,
} from '../../../contract/checks';
import { checkDocument } from './documents';
import { spendCheck } from './rate-limit';
import { checkTarget, createChecksService, validIp, type ChecksService } from './service';

// Mounted under /checks: the public domain tests of product spec section 7 (GET /dns/{domain}, /spf/,
// /dmarc/, /mta-sts/, /tls-rpt/, /dnssec/, /dane/, /smtp/) and the aggregate /domain/{domain} with the form
// flags of section 3.
// No authentication; rate limited per client IP; results cached briefly.

const summaries: Record<CheckKind, string> = {
  dns: 'Name servers and MX hosts of a domain (with DNSSEC, DANE and TLS scores when those checkers exist)',
  spf: 'SPF record, include tree and lookup counts; with ?ip= also check_host() for that client',
  dmarc: 'DMARC policy discovery, tags and report destinations',
  'mta-sts': 'MTA-STS record, policy and MX coverage',
  'tls-rpt': 'TLS-RPT record and report destinations',
  dnssec: 'DNSSEC status (secure, insecure, bogus, indeterminate) of the domain and of each MX host',
  dane: 'DANE TLSA records of each MX host, matched against the certificate it presents (RFC 7672)',
  smtp: 'SMTP servers and their TLS: banner, STARTTLS, protocol, cipher, certificate chain, step timings',
  domain: 'Every chosen check of a domain at once (domain check form flags, each true by default)',
};

const checkErrors = errorResponses(400, 429);
const queries: Partial<Record<CheckKind, z.ZodType>> = { spf: spfCheckQuery, domain: domainCheckQuery };

export function checksRoutes(ctx: AppContext, service?: ChecksService): FastifyPluginAsyncZod {
  const checks = service ?? createChecksService(ctx.config);
  return async (app) => {
    for (const kind of Object.keys(summaries) as CheckKind[]) {
      for (const path of [`/${kind}/:domain`, `/${kind}/:domain/`]) {
        app.get(
          path,
          {
            schema: {
              tags: ['checks'],
              summary: summaries[kind],
              hide: path.endsWith('/'),
              params: checkDomainParams,
              // Only where there is one: an explicit undefined makes Fastify warn (FSTWRN001).
              ...(queries[kind] ? { querystring: queries[kind] } : {}),
              response: { 200: checkDocumentSchema(kind), ...checkErrors },
            },
          },
          async (request) => {
            const query = (request.query ?? {}) as Record<string, string | undefined>;
            const input = checkTarget(kind, request.params.domain, query.ip);
            if (!input.ok) throw fieldError('domain', input.error);
            if (kind === 'spf' && !validIp(query.ip)) {
              throw fieldError('ip', 'ip_invalid');
            }
            const limited = await spendCheck(ctx.db, request.ip, ctx.config.checks.rateLimit, ctx.now());
            if (limited) throw limited;
            const clean = Object.fromEntries(
              Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
            );
            const { value, at, cached } = await checks.run(kind, input.domain, clean);
            return checkDocument(kind, input.domain, value, at, cached) as never;
          },
        );
      }
    }
  };
}
