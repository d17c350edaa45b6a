import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as sendersApi from './emailSendersApi';
import { saveFailureMessage, saveSender } from './saveSteps';
import type { EmailSender, EmailSenderPage, Recalculated, SendersQuery } from './emailSendersApi';
import type { SenderSave } from './senderSave';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'emailSenders', ...options });

export const emailSendersResource = registerResource(
  createResource<SendersQuery, EmailSenderPage>({
    name: 'emailSenders',
    kind: 'read',
    request: (q, { signal }) => sendersApi.fetchSenders(q, signal),
    failureMessage: () => t('messages.listFailed'),
  }),
);

// Spec section 4: a successful change reloads the sender list at page 1.
const reloadFirstPage = () => emailSendersResource.actions.request({ page: 1 });

export const emailSenderSaveResource = registerResource(
  createResource<SenderSave, EmailSender>({
    name: 'emailSenderSave',
    kind: 'write',
    method: (p) => (p.id === null ? 'post' : 'patch'),
    request: (p) => saveSender(p),
    successMessage: (_d, p) => t(p.id === null ? 'messages.created' : 'messages.updated'),
    failureMessage: (error, p) =>
      saveFailureMessage(error, p, {
        failed: t('messages.saveFailed'),
        networksOnCreate: t('messages.networksOnCreateFailed'),
        networks: t('messages.networksFailed'),
      }),
    onSuccess: reloadFirstPage,
  }),
);

export const emailSenderDeleteResource = registerResource(
  createResource<number, void>({
    name: 'emailSenderDelete',
    kind: 'write',
    method: 'delete',
    request: (id) => sendersApi.deleteSender(id),
    successMessage: () => t('messages.deleted'),
    failureMessage: (error) => errorMessage(error, t('messages.deleteFailed'), { from: 'firstField' }),
    onSuccess: reloadFirstPage,
  }),
);

export const emailSenderLogoDeleteResource = registerResource(
  createResource<number, void>({
    name: 'emailSenderLogoDelete',
    kind: 'write',
    method: 'delete',
    request: (id) => sendersApi.deleteLogo(id),
    successMessage: () => t('messages.logoDeleted'),
    failureMessage: () => t('messages.deleteFailed'),
    onSuccess: reloadFirstPage,
  }),
);

export const networksRecalculateResource = registerResource(
  createResource<void, Recalculated>({
    name: 'emailSenderRecalculate',
    kind: 'write',
    method: 'post',
    request: () => sendersApi.recalculate(),
    successMessage: (d) => t('messages.recalculated', { count: d.ips }),
    failureMessage: (error) => errorMessage(error, t('messages.networksFailed'), { from: 'detail' }),
  }),
);

export const networksRefreshResource = registerResource(
  createResource<number, unknown>({
    name: 'emailSenderNetworksRefresh',
    kind: 'write',
    method: 'post',
    request: (id) => sendersApi.refreshNetworks(id),
    successMessage: () => t('messages.refreshed'),
    // 502/504 { detail } when DNS cannot be reached: that text says what to do (enter networks by hand).
    failureMessage: (error) => errorMessage(error, t('messages.networksFailed'), { from: 'detail' }),
    onSuccess: reloadFirstPage,
  }),
);
