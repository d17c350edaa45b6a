import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as accountApi from './accountApi';

// One resource per account call; failures toast the catalogue message of spec section 8.
const t = (key: string) => i18n.t(key, { ns: 'account' });
const tryAgain = () => t('messages.tryAgain');

export const signupResource = registerResource(
  createResource<accountApi.SignupData, accountApi.Detail>({
    name: 'accountSignup',
    kind: 'write',
    method: 'post',
    request: (body) => accountApi.registerClient(body),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: 'allFields' }),
  }),
);

// Verification failure only sets the failed flag (status 'failure'): the page says so, no toast.
export const verificationResource = registerResource(
  createResource<string, accountApi.Detail>({
    name: 'accountVerification',
    kind: 'write',
    method: 'post',
    request: (token) => accountApi.confirmRegistration(token),
  }),
);

export const recoveryEmailResource = registerResource(
  createResource<string, accountApi.Detail>({
    name: 'accountRecoveryEmail',
    kind: 'write',
    method: 'post',
    request: (email) => accountApi.requestPasswordReset(email),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: { field: 'email' } }),
  }),
);

export const passwordResetResource = registerResource(
  createResource<accountApi.ResetConfirm, accountApi.Detail>({
    name: 'accountPasswordReset',
    kind: 'write',
    method: 'post',
    request: (body) => accountApi.confirmPasswordReset(body),
    failureMessage: (error) =>
      errorMessage(error, tryAgain(), { from: [{ field: 'token' }, { field: 'password' }] }),
  }),
);

export const invitationResource = registerResource(
  createResource<accountApi.InvitationConfirm, accountApi.Detail>({
    name: 'accountInvitation',
    kind: 'write',
    method: 'post',
    request: (body) => accountApi.confirmInvitation(body),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: 'allFields' }),
  }),
);

export const changePasswordResource = registerResource(
  createResource<accountApi.ChangePassword, accountApi.PasswordChanged>({
    name: 'accountChangePassword',
    kind: 'write',
    method: 'post',
    request: (body) => accountApi.changePassword(body),
    successMessage: () => t('password.changed'),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: ['all', 'allFields'] }),
  }),
);

export const alertsEmailResource = registerResource(
  createResource<string, accountApi.AlertsEmail>({
    name: 'accountAlertsEmail',
    kind: 'write',
    method: 'post',
    request: (email) => accountApi.setAlertsEmail(email),
    successMessage: () => t('alerts.saved'),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: 'allFields' }),
  }),
);

export const twoFactorStartResource = registerResource(
  createResource<void, accountApi.TwoFactorStart>({
    name: 'accountTwoFactorStart',
    kind: 'write',
    method: 'post',
    request: () => accountApi.startTwoFactor(),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: ['detail', 'allFields'] }),
  }),
);

export const twoFactorConfirmResource = registerResource(
  createResource<string, accountApi.TwoFactorConfirmed>({
    name: 'accountTwoFactorConfirm',
    kind: 'write',
    method: 'post',
    request: (code) => accountApi.confirmTwoFactor(code),
    successMessage: () => t('twoFactor.enabled'),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: { field: 'code' } }),
  }),
);

export const twoFactorDisableResource = registerResource(
  createResource<string, unknown>({
    name: 'accountTwoFactorDisable',
    kind: 'write',
    method: 'post',
    request: (code) => accountApi.disableTwoFactor(code),
    successMessage: () => t('twoFactor.disabled'),
    failureMessage: (error) => errorMessage(error, tryAgain(), { from: { field: 'code' } }),
  }),
);

export const deleteAccountResource = registerResource(
  createResource<{ userId: number; password: string }, accountApi.Detail>({
    name: 'accountDelete',
    kind: 'write',
    method: 'delete',
    request: ({ userId, password }) => accountApi.deleteAccount(userId, password),
    failureMessage: (error) =>
      errorMessage(error, t('delete.failed'), { from: [{ field: 'password' }, 'detail'] }),
  }),
);
