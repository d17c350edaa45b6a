import { operation } from '../operation';
import {
  delistResponseSchema,
  ipErrorResponses,
  ipInfoSchema,
  ipParams,
  ipsQuery,
  ipsSchema,
  ipVerifyQuery,
  listingDocumentSchema,
  publicConfigSchema,
} from '../reputation';

// IP verify and reputation (/api/rep/), the public RBL check (/checks/rbl/) and the public config the SPA
// reads before login (/api/ph/public-config/).
const tag = 'reputation';

export const reputationOps = {
  ipVerify: operation({
    method: 'GET',
    path: '/api/rep/ipVerify/',
    tag,
    summary: 'Blocklist listing, reputation and network data of an IP (captcha token when enabled)',
    auth: 'bearer',
    query: ipVerifyQuery,
    responses: { 200: listingDocumentSchema, ...ipErrorResponses },
    errors: [401],
  }),
  delist: operation({
    method: 'POST',
    path: '/api/rep/ipVerify/',
    tag,
    summary: 'Ask the operator to delist an IP from our reputation zone (delisting=true, captcha token)',
    auth: 'bearer',
    query: ipVerifyQuery,
    responses: { 200: delistResponseSchema, ...ipErrorResponses },
    errors: [401],
  }),
  ipInfo: operation({
    method: 'GET',
    path: '/api/rep/v2/ips/{ip}/ip-info-io/',
    tag,
    summary: 'Reverse DNS, geo and AS data of an IP, and the domains it sent for in our reports',
    auth: 'bearer',
    params: ipParams,
    responses: { 200: ipInfoSchema, ...ipErrorResponses },
    errors: [401],
  }),
  ips: operation({
    method: 'GET',
    path: '/api/rep/ips/',
    tag,
    summary: "The organization's source IPs (paged), or with ?ip= one IP's reputation summary",
    auth: 'bearer',
    query: ipsQuery,
    responses: { 200: ipsSchema, ...ipErrorResponses },
    errors: [401],
  }),
  // Spec section 7 "IP reputation: GET /rbl/{ip}": no authentication, rate limited per client IP.
  rbl: operation({
    method: 'GET',
    path: '/checks/rbl/{ip}',
    tag: 'checks',
    summary: 'Blocklist listing and reputation of an IP (public, rate limited)',
    auth: 'public',
    params: ipParams,
    responses: { 200: listingDocumentSchema, ...ipErrorResponses },
    errors: [401],
  }),
  publicConfig: operation({
    method: 'GET',
    path: '/api/ph/public-config/',
    tag: 'meta',
    summary: 'Public settings of this installation for the interface',
    auth: 'public',
    responses: { 200: publicConfigSchema },
    errors: [],
  }),
};
