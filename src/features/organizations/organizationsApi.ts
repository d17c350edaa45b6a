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
import { api, apiBase } from '../../api/client';

// Organization calls of spec section 7 (under /api/ph); keys arrive camelCased. The shapes are the
// contract's (contract/organizations.ts).
const ph = apiBase.ph;

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
    api.get<OrganizationAnswer>(`${ph}/organizations/${id}/`),
    api.get<Wire<typeof memberListDocument>>(`${ph}/organizations/${id}/members/`),
  ]);
  return { organization: org.data.data, members: members.data.data };
}

export async function updateOrganization(id: number, name: string): Promise<OrganizationAnswer> {
  const body: z.input<typeof organizationUpdateBody> = { name };
  return (await api.patch<OrganizationAnswer>(`${ph}/organizations/${id}/`, body)).data;
}

export async function changeOwner(id: number, owner: number): Promise<OrganizationAnswer> {
  const body: z.output<typeof ownerBody> = { owner };
  return (await api.patch<OrganizationAnswer>(`${ph}/organizations/${id}/owner/`, body)).data;
}

/** Makes a member an admin or an admin a member again; either answers the organization. */
export async function setAdmin(id: number, user: number, admin: boolean): Promise<OrganizationAnswer> {
  const url = `${ph}/organizations/${id}/admins/`;
  const body: z.output<typeof userBody> = { user };
  return (
    admin
      ? await api.post<OrganizationAnswer>(url, body)
      : await api.delete<OrganizationAnswer>(url, { data: body })
  ).data;
}

/** 204: no body. */
export async function removeMember(id: number, user: number): Promise<void> {
  const body: z.output<typeof userBody> = { user };
  await api.delete(`${ph}/organizations/${id}/members/`, { data: body });
}

type RegistrationAnswer = Wire<typeof registrationDocument>;

export async function inviteMember(body: Invitation): Promise<RegistrationAnswer> {
  return (await api.post<RegistrationAnswer>(`${ph}/member-registrations/`, body)).data;
}

export async function resendInvitation(registrationId: number): Promise<RegistrationAnswer> {
  return (await api.post<RegistrationAnswer>(`${ph}/member-registrations/${registrationId}/resend-email/`))
    .data;
}
