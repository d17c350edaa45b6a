import { operation } from '../operation';
import {
  aggregateReportDocument,
  aggregateReportList,
  dkimQuery,
  dkimSignatureList,
  recordList,
  recordsQuery,
  reportIdParams,
  reportListQuery,
} from '../reports';
import { failureReportList, tlsReportList } from '../other-reports';
import { binaryBody, uploadBody, uploadRefusal, uploadResponse } from '../upload';

// Stored reports (spec section 7: /api/dm/dmarc/aggregate-reports/...; the TLS and failure lists are ours).
const tag = 'reports';
const auth = 'bearer' as const;
const errors = [400, 401, 403, 404] as const;

const file = (what: string) => ({
  tag,
  summary: `The original file of a ${what} report, as received`,
  auth,
  params: reportIdParams,
  file: "The report's own bytes as received (XML, gzip, zip, JSON or a message)",
  responses: { 200: binaryBody },
  errors,
});
const aggregates = 'DMARC aggregate reports, newest first, paged';

export const reportOps = {
  dkimSignatures: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/dkim-signatures/',
    tag,
    summary: 'DKIM signatures (domain and selector) seen for a domain',
    auth,
    query: dkimQuery,
    responses: { 200: dkimSignatureList },
    errors,
  }),
  aggregate: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/{id}/',
    tag,
    summary: 'One DMARC aggregate report',
    auth,
    params: reportIdParams,
    responses: { 200: aggregateReportDocument },
    errors,
  }),
  records: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/{id}/records/',
    tag,
    summary: 'Records of a report with their DKIM signatures and SPF results, paged',
    auth,
    params: reportIdParams,
    query: recordsQuery,
    responses: { 200: recordList },
    errors,
  }),
  aggregateFile: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/{id}/file/',
    ...file('aggregate'),
  }),
  tlsFile: operation({ method: 'GET', path: '/api/dm/dmarc/tls-reports/{id}/file/', ...file('TLS') }),
  failureFile: operation({
    method: 'GET',
    path: '/api/dm/dmarc/failure-reports/{id}/file/',
    ...file('failure'),
  }),
  aggregates: operation({
    method: 'GET',
    path: '/api/dm/dmarc/aggregate-reports/',
    tag,
    summary: aggregates,
    auth,
    query: reportListQuery,
    responses: { 200: aggregateReportList },
    errors,
  }),
  // Spec section 7 names the aggregate list twice: both answer the same.
  aggregatesAlias: operation({
    method: 'GET',
    path: '/api/dm/aggregate-reports/',
    tag,
    summary: `${aggregates} (as /dmarc/aggregate-reports/)`,
    auth,
    query: reportListQuery,
    responses: { 200: aggregateReportList },
    errors,
  }),
  tlsReports: operation({
    method: 'GET',
    path: '/api/dm/dmarc/tls-reports/',
    tag,
    summary: 'SMTP TLS reports (RFC 8460), newest first, paged',
    auth,
    query: reportListQuery,
    responses: { 200: tlsReportList },
    errors,
  }),
  failureReports: operation({
    method: 'GET',
    path: '/api/dm/dmarc/failure-reports/',
    tag,
    summary: 'DMARC failure reports, newest first, paged',
    auth,
    query: reportListQuery,
    responses: { 200: failureReportList },
    errors,
  }),
  upload: operation({
    method: 'POST',
    path: '/api/dm/dmarc/reports/upload/',
    tag,
    summary: 'Upload report files (multipart field files, repeated); one result per file',
    auth,
    body: uploadBody,
    encoding: 'multipart',
    responses: { 200: uploadResponse, 411: uploadRefusal, 413: uploadRefusal },
    errors: [400, 401, 403, 404, 429],
  }),
};
