import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as emailChangeApi from './emailChangeApi';

const t = (key: string) => i18n.t(key, { ns: 'account' });

export const pendingEmailChangeResource = registerResource(
  createResource<number, emailChangeApi.PendingEmailChange | null>({
    name: 'accountPendingEmailChange',
    kind: 'read',
    request: (userId) => emailChangeApi.fetchEmailChange(userId),
  }),
);

// Field errors (email, current_password) show under their inputs; the toast says what failed.
export const requestEmailChangeResource = registerResource(
  createResource<emailChangeApi.EmailChangeRequest, emailChangeApi.PendingEmailChange | null>({
    name: 'accountRequestEmailChange',
    kind: 'write',
    method: 'patch',
    request: (body) => emailChangeApi.requestEmailChange(body),
    failureMessage: (error) =>
      errorMessage(error, t('emailChange.failed'), { from: ['detail', 'allFields'] }),
    onSuccess: (_data, body) => pendingEmailChangeResource.actions.request(body.userId),
  }),
);

export const cancelEmailChangeResource = registerResource(
  createResource<number, null>({
    name: 'accountCancelEmailChange',
    kind: 'write',
    method: 'delete',
    request: (userId) => emailChangeApi.cancelEmailChange(userId),
    successMessage: () => t('emailChange.cancelled'),
    failureMessage: (error) => errorMessage(error, t('messages.tryAgain'), { from: 'detail' }),
    onSuccess: (_data, userId) => pendingEmailChangeResource.actions.request(userId),
  }),
);

// A failed confirmation only sets status 'failure': the page says so, no toast.
export const confirmEmailChangeResource = registerResource(
  createResource<string, { detail: string }>({
    name: 'accountConfirmEmailChange',
    kind: 'write',
    method: 'post',
    request: (token) => emailChangeApi.confirmEmailChange(token),
  }),
);
