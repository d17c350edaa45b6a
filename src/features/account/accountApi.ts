import { api, apiBase } from '../../api/client';

// Account calls of spec section 7 (Users and auth, Two-factor), all under /api/ph.
const ph = apiBase.ph;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

export type Detail = { detail: string };
export type SignupData = { name: string; username: string; password: string; email: string };
export type ResetConfirm = { username?: string; token: string; password: string };
export type ChangePassword = { currentPassword: string; newPassword: string; confirmPassword: string };
export type TwoFactorStart = { configUrl: string; secret: string };
export type InvitationConfirm = { token: string; username: string; password: string };

export async function registerClient(body: SignupData): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/register-client/`, body, { public: true })).data;
}

export async function confirmRegistration(token: string): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/confirm-registration/`, { token }, { public: true })).data;
}

export async function requestPasswordReset(email: string): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/password-reset/`, { email }, { public: true })).data;
}

export async function confirmPasswordReset(body: ResetConfirm): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/password-reset/confirm/`, body, { public: true })).data;
}

export async function confirmInvitation(body: InvitationConfirm): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/member-registrations/confirm/`, body, { public: true })).data;
}

/** Answers new tokens: the server ends every other session on a password change. */
export async function changePassword(body: ChangePassword) {
  const fields = {
    current_password: body.currentPassword,
    new_password: body.newPassword,
    confirm_password: body.confirmPassword,
  };
  return (
    await api.post<Detail & { access: string; refresh: string }>(`${ph}/change-password/`, form(fields))
  ).data;
}

export async function setAlertsEmail(alertsEmail: string): Promise<{ alertsEmail: string | null }> {
  return (await api.post(`${ph}/settings/alerts-email/`, { alerts_email: alertsEmail })).data;
}

export async function startTwoFactor(): Promise<TwoFactorStart> {
  return (await api.post<TwoFactorStart>(`${ph}/2fa/setup/start/`)).data;
}

export async function confirmTwoFactor(code: string): Promise<{ recoveryCodes: string[] }> {
  return (await api.post<{ recoveryCodes: string[] }>(`${ph}/2fa/setup/confirm/`, form({ code }))).data;
}

export async function disableTwoFactor(code: string): Promise<unknown> {
  return (await api.post(`${ph}/2fa/disable/`, form({ code }))).data;
}

export async function deleteAccount(userId: number, password: string): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/users/${userId}/delete/`, { password })).data;
}
