import { operation } from '../operation';
import { idParams } from '../organizations';
import { detailDocument, publicationListDocument } from '../publications';

export const publicationOps = {
  list: operation({
    method: 'GET',
    path: '/api/ph/publications/',
    tag: 'publications',
    summary: "Publications for the caller's organization, with a seen flag",
    auth: 'bearer',
    responses: { 200: publicationListDocument },
    errors: [401],
  }),
  seen: operation({
    method: 'POST',
    path: '/api/ph/publications/{id}/seen/',
    tag: 'publications',
    summary: 'Mark a publication seen: it leaves the token claim and the current user',
    auth: 'bearer',
    params: idParams,
    responses: { 200: detailDocument },
    errors: [401, 404],
  }),
};
