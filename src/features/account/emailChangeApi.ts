import type { z } from 'zod';
import type { CamelCased, Wire } from '../../../contract/casing';
import type {
  detailDocument,
  emailChangeConfirmBody,
  pendingEmailChangeSchema,
  updateUserBody,
} from '../../../contract/users';
import { call } from '../../api/call';
import { userOps } from '../../../contract/operations/users';

// A change of one's own address: asked for with PATCH /users/{id}/ and the current password, confirmed from
// the new mailbox (docs/PERMISSIONS.md, "Changing an account's address").

export type PendingEmailChange = Wire<typeof pendingEmailChangeSchema>;
type ChangeFields = Required<Pick<z.input<typeof updateUserBody>, 'email' | 'current_password'>>;
export type EmailChangeRequest = { userId: number } & CamelCased<ChangeFields>;

export async function requestEmailChange(body: EmailChangeRequest): Promise<PendingEmailChange | null> {
  const fields: ChangeFields = { email: body.email, current_password: body.currentPassword };
  const res = await call(userOps.update, { params: { id: body.userId }, body: fields });
  return res.meta?.emailChange ?? null;
}

export async function fetchEmailChange(userId: number): Promise<PendingEmailChange | null> {
  return (await call(userOps.pendingEmailChange, { params: { id: userId } })).emailChange;
}

export async function cancelEmailChange(userId: number): Promise<null> {
  await call(userOps.cancelEmailChange, { params: { id: userId } });
  return null;
}

export async function confirmEmailChange(token: string): Promise<Wire<typeof detailDocument>> {
  const body: z.input<typeof emailChangeConfirmBody> = { token };
  return call(userOps.confirmEmailChange, { body });
}
