import { authenticateResponseSchema, type AuthenticateResponse } from '../../../contract/auth';
import { api, apiBase } from '../../api/client';
import type { Credentials, CurrentUser } from './types';

/** POST /api/ph/authenticate/ as form data (a public call). */
export async function authenticate({ username, password, code }: Credentials): Promise<AuthenticateResponse> {
  const form = new URLSearchParams({ username, password });
  if (code) form.set('code', code);
  const { data } = await api.post<unknown>(`${apiBase.ph}/authenticate/`, form, { public: true });
  return authenticateResponseSchema.parse(data);
}

type UserDocument = { data: { id: string | number; attributes: Omit<CurrentUser, 'id'> } };

/** GET /api/ph/users/{id}/ (keys already camelCased by the client). */
export async function fetchCurrentUser(userId: number): Promise<CurrentUser> {
  const { data } = await api.get<UserDocument>(`${apiBase.ph}/users/${userId}/`);
  return { ...data.data.attributes, id: Number(data.data.id) };
}
