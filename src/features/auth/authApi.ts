import type { z } from 'zod';
import {
  authenticateResponseSchema,
  type AccessClaims,
  type AuthenticateResponse,
  type authenticateBody,
} from '../../../contract/auth';
import type { Wire } from '../../../contract/casing';
import type { userDocument } from '../../../contract/users';
import { api, apiBase } from '../../api/client';

// Sign-in and the current user; the shapes are the contract's (contract/auth.ts, contract/users.ts).
export type { AccessClaims };
export type { FieldErrors } from '../../../contract/errors';
/** The current user as the SPA holds it: the document of GET /api/ph/users/{id}/, camelCased. */
export type CurrentUser = Wire<typeof userDocument>['data']['attributes'];
export type Credentials = z.input<typeof authenticateBody>;

/** POST /api/ph/authenticate/ as form data (a public call). */
export async function authenticate({ username, password, code }: Credentials): Promise<AuthenticateResponse> {
  const form = new URLSearchParams({ username, password });
  if (code) form.set('code', code);
  const { data } = await api.post<unknown>(`${apiBase.ph}/authenticate/`, form, { public: true });
  return authenticateResponseSchema.parse(data);
}

/** GET /api/ph/users/{id}/ (keys already camelCased by the client). */
export async function fetchCurrentUser(userId: number): Promise<CurrentUser> {
  const { data } = await api.get<Wire<typeof userDocument>>(`${apiBase.ph}/users/${userId}/`);
  return { ...data.data.attributes, id: Number(data.data.id) };
}
