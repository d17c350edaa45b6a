import type { z } from 'zod';
import type {
  accountConfirmedDocument,
  alertsEmailDocument,
  changePasswordBody,
  changePasswordDocument,
  detailDocument,
  registerBody,
  resetConfirmBody,
} from '../../../contract/account';
import type { emptyDocument, setupConfirmDocument, setupStartDocument } from '../../../contract/auth';
import type { CamelCased, Wire } from '../../../contract/casing';
import type { invitationAcceptedDocument, invitationConfirmBody } from '../../../contract/organizations';
import type { deleteUserBody } from '../../../contract/users';
import { api, apiBase } from '../../api/client';

// Account calls of spec section 7 (Users and auth, Two-factor), all under /api/ph; the shapes are the
// contract's (contract/account.ts, contract/auth.ts). Bodies go out with their wire (snake_case) keys.
const ph = apiBase.ph;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

export type Detail = Wire<typeof detailDocument>;
export type SignupData = z.input<typeof registerBody>;
export type ResetConfirm = z.input<typeof resetConfirmBody>;
/** The change-password form's fields, camelCased; sent under their wire names. */
export type ChangePassword = CamelCased<z.input<typeof changePasswordBody>>;
export type InvitationConfirm = z.input<typeof invitationConfirmBody>;
export type PasswordChanged = Wire<typeof changePasswordDocument>;
export type AlertsEmail = Wire<typeof alertsEmailDocument>;
export type TwoFactorStart = Wire<typeof setupStartDocument>;
export type TwoFactorConfirmed = Wire<typeof setupConfirmDocument>;
type Confirmed = Wire<typeof accountConfirmedDocument>;
type InvitationAccepted = Wire<typeof invitationAcceptedDocument>;

export async function registerClient(body: SignupData): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/register-client/`, body, { public: true })).data;
}

export async function confirmRegistration(token: string): Promise<Confirmed> {
  return (await api.post<Confirmed>(`${ph}/confirm-registration/`, { token }, { public: true })).data;
}

export async function requestPasswordReset(email: string): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/password-reset/`, { email }, { public: true })).data;
}

export async function confirmPasswordReset(body: ResetConfirm): Promise<Detail> {
  return (await api.post<Detail>(`${ph}/password-reset/confirm/`, body, { public: true })).data;
}

export async function confirmInvitation(body: InvitationConfirm): Promise<InvitationAccepted> {
  return (
    await api.post<InvitationAccepted>(`${ph}/member-registrations/confirm/`, body, {
      public: true,
    })
  ).data;
}

/** Answers new tokens: the server ends every other session on a password change. */
export async function changePassword(body: ChangePassword): Promise<PasswordChanged> {
  const fields: z.input<typeof changePasswordBody> = {
    current_password: body.currentPassword,
    new_password: body.newPassword,
    confirm_password: body.confirmPassword,
  };
  return (await api.post<PasswordChanged>(`${ph}/change-password/`, form(fields))).data;
}

export async function setAlertsEmail(alertsEmail: string): Promise<AlertsEmail> {
  return (await api.post<AlertsEmail>(`${ph}/settings/alerts-email/`, { alerts_email: alertsEmail })).data;
}

export async function startTwoFactor(): Promise<TwoFactorStart> {
  return (await api.post<TwoFactorStart>(`${ph}/2fa/setup/start/`)).data;
}

export async function confirmTwoFactor(code: string): Promise<TwoFactorConfirmed> {
  return (await api.post<TwoFactorConfirmed>(`${ph}/2fa/setup/confirm/`, form({ code }))).data;
}

export async function disableTwoFactor(code: string): Promise<Wire<typeof emptyDocument>> {
  return (await api.post<Wire<typeof emptyDocument>>(`${ph}/2fa/disable/`, form({ code }))).data;
}

export async function deleteAccount(userId: number, password: string): Promise<Detail> {
  const body: z.input<typeof deleteUserBody> = { password };
  return (await api.post<Detail>(`${ph}/users/${userId}/delete/`, body)).data;
}
