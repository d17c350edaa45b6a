import type { z } from 'zod';
import type { Wire } from '../../../contract/casing';
import type { contactBody, contactSentDocument } from '../../../contract/contact';
import { call } from '../../api/call';
import { contactOps as ops } from '../../../contract/operations/contact';
import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';

export type ContactMessage = z.input<typeof contactBody>;
type Sent = Wire<typeof contactSentDocument>;

/** POST /api/ph/contact/ (public): 201 {"detail":"Message sent."}. */
export async function sendContactMessage(body: ContactMessage): Promise<Sent> {
  return call(ops.send, { body });
}

export const contactResource = registerResource(
  createResource<ContactMessage, Sent>({
    name: 'contactMessage',
    kind: 'write',
    method: 'post',
    request: (body) => sendContactMessage(body),
    successMessage: () => i18n.t('contact:messages.sent'),
    // Field errors show beside their fields; the toast carries the rest.
    failureMessage: (error) =>
      errorMessage(error, i18n.t('contact:messages.failed'), { from: ['nonFieldErrors', 'all', 'detail'] }),
  }),
);
