import { operation } from '../operation';
import {
  currentRecordDocuments,
  domainDkimDocument,
  domainInfoParams,
  domainInfoQuery,
  domainIpsDocument,
  historyList,
  historyParams,
  historyQuery,
} from '../domain-info';

// Domain Info of one registered domain by name (checks contract 5) and its DNS history (checks contract 4).
const tag = 'domain-info';
const auth = 'bearer' as const;
const errors = [400, 401, 403, 404] as const;
const byName = { tag, auth, params: domainInfoParams, query: domainInfoQuery, errors };

export const domainInfoOps = {
  dmarcRecord: operation({
    method: 'GET',
    path: '/api/dm/domains/{name}/dmarc-record/',
    ...byName,
    summary: 'The DMARC record found by the last check',
    responses: { 200: currentRecordDocuments.dmarc },
  }),
  spfRecord: operation({
    method: 'GET',
    path: '/api/dm/domains/{name}/spf-record/',
    ...byName,
    summary: 'The SPF record found by the last check',
    responses: { 200: currentRecordDocuments.spf },
  }),
  ips: operation({
    method: 'GET',
    path: '/api/dm/domains/{name}/ips/',
    ...byName,
    summary: 'Addresses of the domain (A, AAAA) and of its MX hosts',
    responses: { 200: domainIpsDocument },
  }),
  dkimSignatures: operation({
    method: 'GET',
    path: '/api/dm/domains/{name}/dkim-signatures/',
    ...byName,
    summary: 'DKIM selectors seen in reports and in DNS, with their keys',
    responses: { 200: domainDkimDocument },
  }),
  history: operation({
    method: 'GET',
    path: '/api/dm/v2/domains/{id}/history/{type}/',
    tag: 'history',
    summary: 'Changes of one record set of a domain (dmarc, spf, dns, ns, mtaSts), paged',
    auth,
    params: historyParams,
    query: historyQuery,
    responses: { 200: historyList },
    errors,
  }),
};
