import { operation } from '../operation';
import { contactBody, contactSentDocument } from '../contact';

export const contactOps = {
  send: operation({
    method: 'POST',
    path: '/api/ph/contact/',
    tag: 'contact',
    summary: 'Send a message to the operator (public, rate limited per IP)',
    auth: 'public',
    body: contactBody,
    responses: { 201: contactSentDocument },
    errors: [400, 429],
  }),
};
