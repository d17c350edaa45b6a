import { operation } from '../operation';
import {
  recipientDecisionBody,
  recipientDecisionDocument,
  recipientResendBody,
  recipientResendDocument,
} from '../recipients';

export const recipientOps = {
  confirm: operation({
    method: 'POST',
    path: '/api/ph/recipient-confirmations/',
    tag: 'recipients',
    summary: 'Confirm or decline mail from an organization (public, the mailed single-use link)',
    auth: 'public',
    body: recipientDecisionBody,
    responses: { 200: recipientDecisionDocument },
    errors: [400, 429],
  }),
  resend: operation({
    method: 'POST',
    path: '/api/ph/recipient-confirmations/resend/',
    tag: 'recipients',
    summary: 'Mail the confirmation link again to a waiting address (limited)',
    auth: 'bearer',
    body: recipientResendBody,
    responses: { 200: recipientResendDocument },
    errors: [400, 401, 403, 429],
  }),
};
