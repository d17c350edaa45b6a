import { isAxiosError } from 'axios';
import { errorMessage, retryAt } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import * as digestsApi from './digestsApi';
import type {
  Digest,
  DigestCreate,
  DigestPage,
  DigestPatch,
  DigestRef,
  DigestsQuery,
  DigestType,
  Preview,
  SendNow,
  SendPage,
  SendsQuery,
} from './digestsApi';
import './locale';

const t = (key: string, vars?: Record<string, unknown>) => i18n.t(key, { ns: 'digests', ...vars });
/** A 5xx body says what broke inside the server, which is no message for the person editing. */
const serverFault = (error: unknown) => isAxiosError(error) && (error.response?.status ?? 0) >= 500;
/** Spec section 8: every failure the catalogue does not name says the default. */
const tryAgain = () => t('messages.tryAgain');

export const digestsResource = registerResource(
  createResource<DigestsQuery, DigestPage>({
    name: 'digests',
    kind: 'read',
    request: (q, { signal }) => digestsApi.fetchScheduled(q, signal),
    failureMessage: tryAgain,
  }),
);

export const organizationDigestsResource = registerResource(
  createResource<void, Record<'weekly' | 'monthly', Digest | null>>({
    name: 'organizationDigests',
    kind: 'read',
    request: (_p, { signal }) => digestsApi.fetchOrganizationDigests(signal),
    failureMessage: tryAgain,
  }),
);

export const digestSendsResource = registerResource(
  createResource<SendsQuery, SendPage>({
    name: 'digestSends',
    kind: 'read',
    request: (q, { signal }) => digestsApi.fetchSends(q, signal),
    failureMessage: tryAgain,
  }),
);

export const digestPreviewResource = registerResource(
  createResource<DigestRef, Preview>({
    name: 'digestPreview',
    kind: 'read',
    request: (ref, { signal }) => digestsApi.fetchPreview(ref, signal),
    failureMessage: tryAgain,
  }),
);

// A change reloads the scheduled list at page 1 (as every list of the console) and the organization's digests.
const reload = () => [
  digestsResource.actions.request({ page: 1 }),
  organizationDigestsResource.actions.request(),
];

export type DigestSave =
  { type: DigestType; id: null; body: DigestCreate } | { type: DigestType; id: number; body: DigestPatch };

export const digestSaveResource = registerResource(
  createResource<DigestSave, Digest>({
    name: 'digestSave',
    kind: 'write',
    method: (p) => (p.id === null ? 'post' : 'patch'),
    request: (p) =>
      p.id === null
        ? digestsApi.createDigest(p.type, p.body)
        : digestsApi.updateDigest({ type: p.type, id: p.id }, p.body),
    successMessage: (_d, p) => t(p.id === null ? 'messages.created' : 'messages.updated'),
    // Spec section 8: create says its own text; update the first message of the errors object, else its own.
    failureMessage: (error, p) =>
      p.id === null || serverFault(error)
        ? t(p.id === null ? 'messages.createFailed' : 'messages.updateFailed')
        : errorMessage(error, t('messages.updateFailed'), { from: 'firstField' }),
    onSuccess: reload,
  }),
);

export const digestDeleteResource = registerResource(
  createResource<DigestRef, void>({
    name: 'digestDelete',
    kind: 'write',
    method: 'delete',
    request: (ref) => digestsApi.deleteDigest(ref),
    successMessage: () => t('messages.deleted'),
    failureMessage: () => t('messages.deleteFailed'),
    onSuccess: reload,
  }),
);

export const digestSendNowResource = registerResource(
  createResource<DigestRef, SendNow>({
    name: 'digestSendNow',
    kind: 'write',
    method: 'post',
    request: (ref) => digestsApi.sendNow(ref),
    successMessage: (d) => t(`messages.sent.${d.status}`, { count: d.recipients }),
    // Send now is limited (DIGEST_SEND_NOW_LIMIT): the 429's Retry-After says from when, in the page's words.
    failureMessage: (error) => {
      const at = retryAt(error);
      return at ? t('messages.sendLimited', { time: formatDateTime(at, i18n.language) }) : tryAgain();
    },
    onSuccess: reload,
  }),
);
