import { authenticateResponseSchema } from '../../../contract/auth';
import { api, apiBase } from '../../api/client';
import { errorMessage } from '../../api/errors';
import { setTokens } from '../../api/tokens';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import { decodeClaims } from '../auth/claims';
import { authActions } from '../auth/state/authSlice';
import type { AccessClaims } from '../auth/types';

export type RecoveryCredentials = { username: string; password: string; recoveryCode: string };

/** POST /api/ph/authenticate/recovery/: a recovery code in place of the TOTP code; the code is spent. */
export async function recoveryLogin(body: RecoveryCredentials): Promise<AccessClaims> {
  const form = new URLSearchParams({
    username: body.username,
    password: body.password,
    recovery_code: body.recoveryCode,
  });
  const { data } = await api.post<unknown>(`${apiBase.ph}/authenticate/recovery/`, form, { public: true });
  const tokens = authenticateResponseSchema.parse(data);
  const claims = decodeClaims(tokens.access);
  if (!claims) throw new Error('The access token has unexpected claims.');
  setTokens(tokens);
  return claims;
}

export const recoveryLoginResource = registerResource(
  createResource<RecoveryCredentials, AccessClaims>({
    name: 'accountRecoveryLogin',
    kind: 'write',
    method: 'post',
    request: (body) => recoveryLogin(body),
    onSuccess: (claims) => authActions.loginSuccess(claims),
    failureMessage: (error) =>
      errorMessage(error, i18n.t('messages.tryAgain', { ns: 'account' }), {
        from: ['nonFieldErrors', { field: 'recovery_code' }, 'detail'],
      }),
  }),
);
