import type { z } from 'zod';
import {
  authenticateResponseSchema,
  type AccessClaims,
  type AuthenticateResponse,
  type authenticateBody,
} from '../../../contract/auth';
import type { Wire } from '../../../contract/casing';
import type { userDocument } from '../../../contract/users';
import { call } from '../../api/call';
import { authOps } from '../../../contract/operations/auth';
import { userOps } from '../../../contract/operations/users';

// Sign-in and the current user; the shapes are the contract's (contract/auth.ts, contract/users.ts).
export type { AccessClaims };
export type { FieldErrors } from '../../../contract/errors';
/** The current user as the SPA holds it: the document of GET /api/ph/users/{id}/, camelCased. */
export type CurrentUser = Wire<typeof userDocument>['data']['attributes'];
export type Credentials = z.input<typeof authenticateBody>;

/** POST /api/ph/authenticate/ as form data (a public call). */
export async function authenticate({ username, password, code }: Credentials): Promise<AuthenticateResponse> {
  const data = await call(authOps.authenticate, { body: { username, password, code: code || undefined } });
  return authenticateResponseSchema.parse(data);
}

/** GET /api/ph/users/{id}/ (keys already camelCased by the client). */
export async function fetchCurrentUser(userId: number): Promise<CurrentUser> {
  const { data } = await call(userOps.get, { params: { id: userId } });
  return { ...data.attributes, id: Number(data.id) };
}
