import { api, apiBase } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

/** POST /api/ph/contact/ (public): 201 {"detail":"Message sent."}. */
export async function sendContactMessage(body: ContactMessage): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>(`${apiBase.ph}/contact/`, body, { public: true });
  return data;
}

export const contactResource = registerResource(
  createResource<ContactMessage, { detail: string }>({
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
