import { z } from 'zod';
import { operation } from '../operation';
import {
  createBody,
  listQuery,
  logoBody,
  networkPostBody,
  networksDeleteBody,
  networksDocument,
  networksPutBody,
  networksRefreshedDocument,
  patchBody,
  recalculatedDocument,
  refreshFailure,
  senderDocument,
  senderListDocument,
  senderParams,
} from '../email-senders';

// The email-sender catalogue (spec sections 3, 4 and 7), under /api/dm/dmarc/aggregate-reports/: reads for
// every signed-in user, changes for support users only.
const tag = 'email-senders';
const auth = 'bearer' as const;
const errors = [400, 401, 403, 404] as const;
const one = { tag, auth, params: senderParams, errors };

export const emailSenderOps = {
  list: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/',
    tag,
    summary: 'Email senders, paged (?search= on the name; ?format=csv)',
    auth,
    query: listQuery,
    csv: true,
    responses: { 200: senderListDocument },
    errors,
  }),
  create: operation({
    method: 'POST',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/',
    tag,
    summary: 'Create an email sender (support)',
    auth,
    body: createBody,
    responses: { 201: senderDocument },
    errors,
  }),
  get: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/',
    ...one,
    summary: 'One email sender',
    responses: { 200: senderDocument },
  }),
  update: operation({
    method: 'PATCH',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/',
    ...one,
    summary: 'Change an email sender (support)',
    body: patchBody,
    responses: { 200: senderDocument },
  }),
  delete: operation({
    method: 'DELETE',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/',
    ...one,
    summary: 'Delete an email sender (support)',
    responses: { 204: z.null() },
  }),
  networks: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/networks/',
    ...one,
    summary: 'The networks (CIDR ranges) of an email sender',
    responses: { 200: networksDocument },
  }),
  replaceNetworks: operation({
    method: 'PUT',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/networks/',
    ...one,
    summary: 'Replace the networks of an email sender; body {networks:[{range}]}',
    body: networksPutBody,
    responses: { 200: networksDocument },
  }),
  addNetwork: operation({
    method: 'POST',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/networks/',
    ...one,
    summary: 'Add a network to an email sender; body {range}',
    body: networkPostBody,
    responses: { 201: networksDocument },
  }),
  removeNetworks: operation({
    method: 'DELETE',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/networks/',
    ...one,
    summary: 'Remove networks from an email sender; body {ranges:[...]}',
    body: networksDeleteBody,
    responses: { 200: networksDocument },
  }),
  // The body is a multipart field "file" or JSON {file: data URL}; the SPA sends the form.
  uploadLogo: operation({
    method: 'POST',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/logo/',
    ...one,
    summary: 'Upload the logo of an email sender (PNG, JPEG, WebP or GIF, at most 256 KB)',
    body: logoBody,
    responses: { 200: senderDocument },
  }),
  deleteLogo: operation({
    method: 'DELETE',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/logo/',
    ...one,
    summary: 'Remove the logo of an email sender',
    responses: { 204: z.null() },
  }),
  recalculate: operation({
    method: 'POST',
    path: '/api/dm/dmarc/aggregate-reports/networks/recalculate/',
    tag,
    summary: 'Re-attribute every stored source IP and rollup to the email senders',
    auth,
    responses: { 202: recalculatedDocument },
    errors,
  }),
  refreshNetworks: operation({
    method: 'POST',
    path: '/api/dm/dmarc/aggregate-reports/email-senders/{id}/networks/refresh/',
    ...one,
    summary: "Add the networks of the sender's SPF include domains (ip4/ip6, recursively)",
    responses: { 200: networksRefreshedDocument, 502: refreshFailure, 504: refreshFailure },
  }),
};
