import type { z } from 'zod';
import type { Wire } from '../../../contract/casing';
import type {
  invitationLanguageSchema,
  inviteBody,
  memberListDocument,
  organizationDocument,
  organizationUpdateBody,
  ownerBody,
  registrationDocument,
  userBody,
} from '../../../contract/organizations';
import { call } from '../../api/call';
import { organizationOps as ops } from '../../../contract/operations/organizations';

// Organization calls of spec section 7 (under /api/ph); keys arrive camelCased. The shapes are the
// contract's (contract/organizations.ts).

export type Organization = Wire<typeof organizationDocument>['data'];
export type Member = Wire<typeof memberListDocument>['data'][number];
export type OrganizationDetail = { organization: Organization; members: Member[] };
export type InvitationLanguage = z.output<typeof invitationLanguageSchema>;
/** Without a language the server picks the invitee's, else the organization's, else the inviter's. */
export type Invitation = Required<Pick<z.output<typeof inviteBody>, 'email' | 'role' | 'organization'>> &
  Pick<z.output<typeof inviteBody>, 'language'>;
type OrganizationAnswer = Wire<typeof organizationDocument>;

export async function fetchOrganizationDetail(id: number): Promise<OrganizationDetail> {
  const [org, members] = await Promise.all([
    call(ops.get, { params: { id } }),
    call(ops.members, { params: { id } }),
  ]);
  return { organization: org.data, members: members.data };
}

export async function updateOrganization(id: number, name: string): Promise<OrganizationAnswer> {
  const body: z.input<typeof organizationUpdateBody> = { name };
  return call(ops.update, { params: { id }, body });
}

export async function changeOwner(id: number, owner: number): Promise<OrganizationAnswer> {
  const body: z.output<typeof ownerBody> = { owner };
  return call(ops.setOwner, { params: { id }, body });
}

/** Makes a member an admin or an admin a member again; either answers the organization. */
export async function setAdmin(id: number, user: number, admin: boolean): Promise<OrganizationAnswer> {
  const body: z.output<typeof userBody> = { user };
  return call(admin ? ops.addAdmin : ops.removeAdmin, { params: { id }, body });
}

/** 204: no body. */
export async function removeMember(id: number, user: number): Promise<void> {
  const body: z.output<typeof userBody> = { user };
  await call(ops.removeMember, { params: { id }, body });
}

type RegistrationAnswer = Wire<typeof registrationDocument>;

export async function inviteMember(body: Invitation): Promise<RegistrationAnswer> {
  return call(ops.register, { body });
}

export async function resendInvitation(registrationId: number): Promise<RegistrationAnswer> {
  return call(ops.resendRegistration, { params: { id: registrationId } });
}
