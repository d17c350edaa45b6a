import { operation } from '../operation';
import {
  analysisDetail,
  analysisDetailParams,
  analysisDetailQuery,
  analysisList,
  analysisListQuery,
  analysisSystemParams,
  recheckParams,
  recheckResponse,
} from '../analysis';

// Analysis by system (stored results of the scheduled re-check) and the on-demand re-check of one domain
// (checks contract 1-3).
const tag = 'analysis';
const auth = 'bearer' as const;

export const analysisOps = {
  list: operation({
    method: 'GET',
    path: '/api/dm/analysis-by-system/{system}/',
    tag,
    summary: 'Stored check results of one system for every domain in scope, paged',
    auth,
    params: analysisSystemParams,
    query: analysisListQuery,
    responses: { 200: analysisList },
    errors: [400, 401, 403, 404],
  }),
  detail: operation({
    method: 'GET',
    path: '/api/dm/analysis-by-system/{system}/{domainId}/',
    tag,
    summary: 'The stored result of one system for one domain, with every warning',
    auth,
    params: analysisDetailParams,
    query: analysisDetailQuery,
    responses: { 200: analysisDetail },
    errors: [400, 401, 403, 404],
  }),
  recheck: operation({
    method: 'POST',
    path: '/api/dm/v2/domains/{id}/recheck/',
    tag,
    summary: 'Run every check of a domain now and store the results (owner, admin, client)',
    auth,
    params: recheckParams,
    responses: { 200: recheckResponse },
    errors: [400, 401, 403, 404, 429],
  }),
};
