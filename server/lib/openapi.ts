import type { OpenAPIV3 } from 'openapi-types';

// The parts of /api/openapi.json that no single route declares: the areas (tags) and the headers the
// error handler adds to every answer of a status.

export const apiTags: OpenAPIV3.TagObject[] = [
  { name: 'health', description: 'Liveness and readiness of the process and its database' },
  { name: 'meta', description: 'This document' },
  {
    name: 'auth',
    description: 'Log in, refresh and recovery: the bearer tokens (JWT) every other call sends',
  },
  { name: '2fa', description: 'Two-factor authentication (TOTP, RFC 6238) and recovery codes' },
  { name: 'users', description: 'The current user and, for administrators, the users of the organization' },
  { name: 'account', description: 'Sign-up, registration confirmation, password reset and account deletion' },
  { name: 'contact', description: 'The public contact form' },
  { name: 'organizations', description: 'Organizations, members, roles, invitations and their domains' },
  { name: 'audit', description: "The organization's audit log" },
  { name: 'publications', description: 'Announcements to users' },
  { name: 'settings', description: 'Per-organization settings' },
  { name: 'domains', description: 'Domains of an organization and the proof of their ownership' },
  { name: 'domain-groups', description: 'Named groups of domains' },
  {
    name: 'recipients',
    description:
      'Outside addresses of digests and alerts: their owners confirm or decline, and a waiting one is asked again',
  },
  { name: 'dns', description: 'DNS zones hosted in PowerDNS: rrsets, change sets, history and revert' },
  {
    name: 'billing',
    description:
      "Billing through Stripe: plans, subscriptions, invoices, checkout, the portal and Stripe's webhook",
  },
  {
    name: 'billing-legacy',
    description: 'The legacy payment host (under /legacy-payments): the older payment calls, JSON in and out',
  },
  {
    name: 'alerts',
    description: 'Alert rules on the DMARC data, their conditions, state, history and backtest',
  },
  {
    name: 'reports',
    description: 'DMARC aggregate (RFC 7489), TLS-RPT (RFC 8460) and failure reports as received',
  },
  {
    name: 'analytics',
    description: 'Aggregations of the DMARC reports: metrics, time series, by domain, IP and sender',
  },
  { name: 'analysis', description: 'Stored domain checks by system (SPF, DKIM, DMARC, MTA-STS, ...)' },
  { name: 'history', description: 'DNS history of a domain' },
  { name: 'domain-info', description: 'What is known of a domain: records, senders, reputation' },
  { name: 'email-senders', description: 'The catalogue of email-sending services, their networks and logos' },
  { name: 'demo', description: 'Demo data for the empty organization of a new installation' },
  { name: 'reputation', description: 'IP verification and reputation' },
  { name: 'checks', description: 'Public domain tests (no authentication, rate limited)' },
  {
    name: 'digest-reports',
    description:
      'Scheduled and digest reports by mail. {type} is `scheduled` (a report a user defines: scope, time ' +
      "frame, sections, recipients, schedule; up to the plan's digest_reports benefit), `weekly` (the " +
      "organization's weekly digest of all domains, last 7 days) or `monthly` (its monthly digest, last calendar " +
      'month); one weekly and one monthly per organization. Schedules run daily, weekly on a day or monthly on a ' +
      'date at an hour of an IANA time zone; each period is sent once (docs/DIGESTS.md).',
  },
];

// Every 429 carries Retry-After (RFC 9110 section 10.2.3; server/lib/errors.ts tooManyAttempts).
const retryAfter: OpenAPIV3.HeaderObject = {
  description: 'Seconds to wait before trying again',
  schema: { type: 'integer', minimum: 1 },
};

export function completeDocument(doc: Partial<OpenAPIV3.Document>): Partial<OpenAPIV3.Document> {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations ?? {})) {
      const tooMany = (op as OpenAPIV3.OperationObject).responses?.['429'] as
        OpenAPIV3.ResponseObject | undefined;
      if (tooMany && typeof tooMany === 'object')
        tooMany.headers = { ...tooMany.headers, 'Retry-After': retryAfter };
    }
  }
  return { ...doc, tags: apiTags };
}
