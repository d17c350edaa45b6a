import { operation } from '../operation';
import { checkDocumentSchema, checkDomainParams, domainCheckQuery, spfCheckQuery } from '../checks';

// The public domain tests of product spec section 7 (GET /checks/dns/{domain}, /spf/, /dmarc/, /mta-sts/,
// /tls-rpt/, /dnssec/, /dane/, /smtp/) and the aggregate /checks/domain/{domain} with the form flags of
// section 3. No authentication; rate limited per client IP.
const tag = 'checks';

export const checkOps = {
  dns: operation({
    method: 'GET',
    path: '/checks/dns/{domain}',
    tag,
    summary:
      'Name servers and MX hosts of a domain (with DNSSEC, DANE and TLS scores when those checkers exist)',
    auth: 'public',
    params: checkDomainParams,
    responses: { 200: checkDocumentSchema('dns') },
    errors: [400, 429],
  }),
  spf: operation({
    method: 'GET',
    path: '/checks/spf/{domain}',
    tag,
    summary: 'SPF record, include tree and lookup counts; with ?ip= also check_host() for that client',
    auth: 'public',
    params: checkDomainParams,
    query: spfCheckQuery,
    responses: { 200: checkDocumentSchema('spf') },
    errors: [400, 429],
  }),
  dmarc: operation({
    method: 'GET',
    path: '/checks/dmarc/{domain}',
    tag,
    summary: 'DMARC policy discovery, tags and report destinations',
    auth: 'public',
    params: checkDomainParams,
    responses: { 200: checkDocumentSchema('dmarc') },
    errors: [400, 429],
  }),
  mtaSts: operation({
    method: 'GET',
    path: '/checks/mta-sts/{domain}',
    tag,
    summary: 'MTA-STS record, policy and MX coverage',
    auth: 'public',
    params: checkDomainParams,
    responses: { 200: checkDocumentSchema('mta-sts') },
    errors: [400, 429],
  }),
  tlsRpt: operation({
    method: 'GET',
    path: '/checks/tls-rpt/{domain}',
    tag,
    summary: 'TLS-RPT record and report destinations',
    auth: 'public',
    params: checkDomainParams,
    responses: { 200: checkDocumentSchema('tls-rpt') },
    errors: [400, 429],
  }),
  dnssec: operation({
    method: 'GET',
    path: '/checks/dnssec/{domain}',
    tag,
    summary: 'DNSSEC status (secure, insecure, bogus, indeterminate) of the domain and of each MX host',
    auth: 'public',
    params: checkDomainParams,
    responses: { 200: checkDocumentSchema('dnssec') },
    errors: [400, 429],
  }),
  dane: operation({
    method: 'GET',
    path: '/checks/dane/{domain}',
    tag,
    summary: 'DANE TLSA records of each MX host, matched against the certificate it presents (RFC 7672)',
    auth: 'public',
    params: checkDomainParams,
    responses: { 200: checkDocumentSchema('dane') },
    errors: [400, 429],
  }),
  smtp: operation({
    method: 'GET',
    path: '/checks/smtp/{domain}',
    tag,
    summary:
      'SMTP servers and their TLS: banner, STARTTLS, protocol, cipher, certificate chain, step timings',
    auth: 'public',
    params: checkDomainParams,
    responses: { 200: checkDocumentSchema('smtp') },
    errors: [400, 429],
  }),
  domain: operation({
    method: 'GET',
    path: '/checks/domain/{domain}',
    tag,
    summary: 'Every chosen check of a domain at once (domain check form flags, each true by default)',
    auth: 'public',
    params: checkDomainParams,
    query: domainCheckQuery,
    responses: { 200: checkDocumentSchema('domain') },
    errors: [400, 429],
  }),
};

/** The check each descriptor runs: the kind its path names (contract/checks.ts). */
export const checkKindOf = {
  dns: 'dns',
  spf: 'spf',
  dmarc: 'dmarc',
  mtaSts: 'mta-sts',
  tlsRpt: 'tls-rpt',
  dnssec: 'dnssec',
  dane: 'dane',
  smtp: 'smtp',
  domain: 'domain',
} as const satisfies Record<keyof typeof checkOps, string>;
