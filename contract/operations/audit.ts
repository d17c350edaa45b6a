import { operation } from '../operation';
import { auditList, auditQuery } from '../audit';

export const auditOps = {
  operations: operation({
    method: 'GET',
    path: '/api/ph/v2/audit/operations/',
    tag: 'audit',
    summary: 'Audit operations of the organization; ?user=&operation=&date_from=&date_to=&page=',
    auth: 'bearer',
    query: auditQuery,
    responses: { 200: auditList },
    errors: [400, 401, 403],
  }),
};
