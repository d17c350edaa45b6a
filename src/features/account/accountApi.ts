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
import { call } from '../../api/call';
import { accountOps } from '../../../contract/operations/account';
import { authOps } from '../../../contract/operations/auth';
import { organizationOps } from '../../../contract/operations/organizations';
import { userOps } from '../../../contract/operations/users';

// Account calls of spec section 7 (Users and auth, Two-factor), all under /api/ph; the shapes are the
// contract's (contract/account.ts, contract/auth.ts). Bodies go out with their wire (snake_case) keys.

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
  return call(accountOps.register, { body });
}

export async function confirmRegistration(token: string): Promise<Confirmed> {
  return call(accountOps.confirmRegistration, { body: { token } });
}

export async function requestPasswordReset(email: string): Promise<Detail> {
  return call(accountOps.passwordReset, { body: { email } });
}

export async function confirmPasswordReset(body: ResetConfirm): Promise<Detail> {
  return call(accountOps.confirmPasswordReset, { body });
}

export async function confirmInvitation(body: InvitationConfirm): Promise<InvitationAccepted> {
  return call(organizationOps.confirmRegistration, { body });
}

/** Answers new tokens: the server ends every other session on a password change. */
export async function changePassword(body: ChangePassword): Promise<PasswordChanged> {
  const fields: z.input<typeof changePasswordBody> = {
    current_password: body.currentPassword,
    new_password: body.newPassword,
    confirm_password: body.confirmPassword,
  };
  return call(accountOps.changePassword, { body: fields });
}

export async function setAlertsEmail(alertsEmail: string): Promise<AlertsEmail> {
  return call(accountOps.alertsEmail, { body: { alerts_email: alertsEmail } });
}

export async function startTwoFactor(): Promise<TwoFactorStart> {
  return call(authOps.setupStart);
}

export async function confirmTwoFactor(code: string): Promise<TwoFactorConfirmed> {
  return call(authOps.setupConfirm, { body: { code } });
}

export async function disableTwoFactor(code: string): Promise<Wire<typeof emptyDocument>> {
  return call(authOps.disable, { body: { code } });
}

export async function deleteAccount(userId: number, password: string): Promise<Detail> {
  const body: z.input<typeof deleteUserBody> = { password };
  return call(userOps.delete, { params: { id: userId }, body });
}
