import { operation } from '../operation';
import {
  detailDocument,
  domainDeleteQuery,
  domainDocument,
  domainHasZoneDocument,
  domainIdParams,
  domainListDocument,
  domainListQuery,
  domainNameBody,
  domainNameParams,
} from '../domains';

// The domains of the caller's organization (/api/dm/domains/, /api/dm/v2/domains/).
const tag = 'domains';

export const domainOps = {
  list: operation({
    method: 'GET',
    path: '/api/dm/domains/',
    tag,
    summary: "Domains of the caller's organization, paged",
    auth: 'bearer',
    query: domainListQuery,
    responses: { 200: domainListDocument },
    errors: [400, 401, 403, 404],
  }),
  listV2: operation({
    method: 'GET',
    path: '/api/dm/v2/domains/',
    tag,
    summary: "Domains of the caller's organization with relationships, paged",
    auth: 'bearer',
    query: domainListQuery,
    responses: { 200: domainListDocument },
    errors: [400, 401, 403, 404],
  }),
  create: operation({
    method: 'POST',
    path: '/api/dm/domains/create/',
    tag,
    summary: "Add a domain to the caller's organization (form field name)",
    auth: 'bearer',
    body: domainNameBody,
    encoding: 'form',
    responses: { 201: domainDocument },
    errors: [400, 401, 403, 404],
  }),
  verify: operation({
    method: 'POST',
    path: '/api/dm/v2/domains/{id}/verify/',
    tag,
    summary: 'Check now whether the domain proves its ownership (owner, admin)',
    auth: 'bearer',
    params: domainIdParams,
    responses: { 200: domainDocument },
    errors: [401, 403, 404, 429],
  }),
  delete: operation({
    method: 'POST',
    path: '/api/dm/domains/{name}/delete/',
    tag,
    summary: "Delete a domain of the caller's organization; ?zones=delete also deletes its hosted DNS zones",
    auth: 'bearer',
    params: domainNameParams,
    query: domainDeleteQuery,
    responses: { 200: detailDocument, 409: domainHasZoneDocument },
    errors: [400, 401, 403, 404],
  }),
};
