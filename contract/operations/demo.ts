import { operation } from '../operation';
import { demoConflictDocument, demoLoadedDocument, demoStateDocument } from '../demo';

export const demoOps = {
  status: operation({
    method: 'GET',
    path: '/api/dm/demo-data/',
    tag: 'demo',
    summary: 'Whether the caller can load demo data into their organization',
    auth: 'bearer',
    responses: { 200: demoStateDocument },
    errors: [401, 403],
  }),
  load: operation({
    method: 'POST',
    path: '/api/dm/demo-data/',
    tag: 'demo',
    summary: "Load the demo domains, groups and 30 days of reports into the caller's organization",
    auth: 'bearer',
    responses: { 201: demoLoadedDocument, 409: demoConflictDocument },
    errors: [401, 403],
  }),
};
