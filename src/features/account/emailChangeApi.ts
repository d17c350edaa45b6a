import { api, apiBase } from '../../api/client';

// A change of one's own address: asked for with PATCH /users/{id}/ and the current password, confirmed from
// the new mailbox (docs/PERMISSIONS.md, "Changing an account's address").
const ph = apiBase.ph;

export type PendingEmailChange = { email: string; expiresAt: string };
export type EmailChangeRequest = { userId: number; email: string; currentPassword: string };

export async function requestEmailChange(body: EmailChangeRequest): Promise<PendingEmailChange | null> {
  const fields = { email: body.email, current_password: body.currentPassword };
  const res = await api.patch<{ meta?: { emailChange?: PendingEmailChange } }>(
    `${ph}/users/${body.userId}/`,
    fields,
  );
  return res.data.meta?.emailChange ?? null;
}

export async function fetchEmailChange(userId: number): Promise<PendingEmailChange | null> {
  return (await api.get<{ emailChange: PendingEmailChange | null }>(`${ph}/users/${userId}/email-change/`))
    .data.emailChange;
}

export async function cancelEmailChange(userId: number): Promise<null> {
  await api.delete(`${ph}/users/${userId}/email-change/`);
  return null;
}

export async function confirmEmailChange(token: string): Promise<{ detail: string }> {
  return (await api.post<{ detail: string }>(`${ph}/email-change/confirm/`, { token }, { public: true }))
    .data;
}
