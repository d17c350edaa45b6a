import type { z } from 'zod';
import type { CamelCased, Wire } from '../../../contract/casing';
import type {
  detailDocument,
  emailChangeConfirmBody,
  emailChangeStateDocument,
  pendingEmailChangeSchema,
  updateUserBody,
  updateUserDocument,
} from '../../../contract/users';
import { api, apiBase } from '../../api/client';

// A change of one's own address: asked for with PATCH /users/{id}/ and the current password, confirmed from
// the new mailbox (docs/PERMISSIONS.md, "Changing an account's address").
const ph = apiBase.ph;

export type PendingEmailChange = Wire<typeof pendingEmailChangeSchema>;
type ChangeFields = Required<Pick<z.input<typeof updateUserBody>, 'email' | 'current_password'>>;
export type EmailChangeRequest = { userId: number } & CamelCased<ChangeFields>;

export async function requestEmailChange(body: EmailChangeRequest): Promise<PendingEmailChange | null> {
  const fields: ChangeFields = { email: body.email, current_password: body.currentPassword };
  const res = await api.patch<Wire<typeof updateUserDocument>>(`${ph}/users/${body.userId}/`, fields);
  return res.data.meta?.emailChange ?? null;
}

export async function fetchEmailChange(userId: number): Promise<PendingEmailChange | null> {
  return (await api.get<Wire<typeof emailChangeStateDocument>>(`${ph}/users/${userId}/email-change/`)).data
    .emailChange;
}

export async function cancelEmailChange(userId: number): Promise<null> {
  await api.delete(`${ph}/users/${userId}/email-change/`);
  return null;
}

export async function confirmEmailChange(token: string): Promise<Wire<typeof detailDocument>> {
  const body: z.input<typeof emailChangeConfirmBody> = { token };
  return (await api.post<Wire<typeof detailDocument>>(`${ph}/email-change/confirm/`, body, { public: true }))
    .data;
}
