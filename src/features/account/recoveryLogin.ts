import type { z } from 'zod';
import { authenticateResponseSchema, type recoveryBody } from '../../../contract/auth';
import type { CamelCased } from '../../../contract/casing';
import { call } from '../../api/call';
import { authOps } from '../../../contract/operations/auth';
import { errorMessage } from '../../api/errors';
import { setTokens } from '../../api/tokens';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import { decodeClaims, authActions } from '../auth';
import type { AccessClaims } from '../../../contract/auth';

/** The recovery form's fields, camelCased; sent under their wire names. */
export type RecoveryCredentials = CamelCased<z.input<typeof recoveryBody>>;

/** POST /api/ph/authenticate/recovery/: a recovery code in place of the TOTP code; the code is spent. */
export async function recoveryLogin(body: RecoveryCredentials): Promise<AccessClaims> {
  const fields: z.input<typeof recoveryBody> = {
    username: body.username,
    password: body.password,
    recovery_code: body.recoveryCode,
  };
  const data = await call(authOps.recovery, { body: fields });
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
