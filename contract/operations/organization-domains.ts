import { z } from 'zod';
import { operation } from '../operation';
import {
  domainDocument,
  domainHasZoneDocument,
  domainIdParams,
  domainListDocument,
  domainListQuery,
  domainNameBody,
  organizationDomainDeleteBody,
  organizationDomainPatchBody,
} from '../domains';

// The domains of one organization (/api/ph/organizations/{id}/domains). The spec writes the path without a
// trailing slash before the query, so both spellings are served: one descriptor each.
const tag = 'organizations';
const errors = [400, 401, 403, 404] as const;
const query = domainListQuery.omit({ organization: true });
const summaries = {
  list: 'Domains of an organization',
  add: 'Add a domain to an organization (owner, admin)',
  rename: 'Rename a domain of an organization (owner, admin)',
  remove:
    'Remove a domain from an organization (owner, admin); body {id, zones: "delete" to delete its DNS zones}',
};

export const organizationDomainOps = {
  list: operation({
    method: 'GET',
    path: '/api/ph/organizations/{id}/domains/',
    tag,
    summary: summaries.list,
    auth: 'bearer',
    params: domainIdParams,
    query,
    responses: { 200: domainListDocument },
    errors,
  }),
  add: operation({
    method: 'POST',
    path: '/api/ph/organizations/{id}/domains/',
    tag,
    summary: summaries.add,
    auth: 'bearer',
    params: domainIdParams,
    body: domainNameBody,
    responses: { 201: domainDocument },
    errors,
  }),
  rename: operation({
    method: 'PATCH',
    path: '/api/ph/organizations/{id}/domains/',
    tag,
    summary: summaries.rename,
    auth: 'bearer',
    params: domainIdParams,
    body: organizationDomainPatchBody,
    responses: { 200: domainDocument },
    errors,
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/ph/organizations/{id}/domains/',
    tag,
    summary: summaries.remove,
    auth: 'bearer',
    params: domainIdParams,
    body: organizationDomainDeleteBody,
    responses: { 204: z.null(), 409: domainHasZoneDocument },
    errors,
  }),
  listBare: operation({
    method: 'GET',
    path: '/api/ph/organizations/{id}/domains',
    tag,
    summary: summaries.list,
    auth: 'bearer',
    params: domainIdParams,
    query,
    responses: { 200: domainListDocument },
    errors,
  }),
  addBare: operation({
    method: 'POST',
    path: '/api/ph/organizations/{id}/domains',
    tag,
    summary: summaries.add,
    auth: 'bearer',
    params: domainIdParams,
    body: domainNameBody,
    responses: { 201: domainDocument },
    errors,
  }),
  renameBare: operation({
    method: 'PATCH',
    path: '/api/ph/organizations/{id}/domains',
    tag,
    summary: summaries.rename,
    auth: 'bearer',
    params: domainIdParams,
    body: organizationDomainPatchBody,
    responses: { 200: domainDocument },
    errors,
  }),
  removeBare: operation({
    method: 'DELETE',
    path: '/api/ph/organizations/{id}/domains',
    tag,
    summary: summaries.remove,
    auth: 'bearer',
    params: domainIdParams,
    body: organizationDomainDeleteBody,
    responses: { 204: z.null(), 409: domainHasZoneDocument },
    errors,
  }),
};
