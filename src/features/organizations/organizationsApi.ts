import { api, apiBase } from '../../api/client';

// Organization calls of spec section 7 (under /api/ph); keys arrive camelCased.
const ph = apiBase.ph;

export type Ref = { type: string; id: number };
export type Organization = {
  id: number;
  attributes: {
    name: string;
    benefits: { organizationMembersLimit?: number | null };
    isStripe: boolean;
    /** The organization's own rua address (docs/INGESTION.md, "Routing"). */
    reportAddress?: string;
  };
  relationships: {
    owner: { data: Ref | null };
    members: { data: Ref[] };
    memberRegistrations: { data: Ref[] };
    domains: { data: Ref[] };
  };
};
export type Member = {
  id: number;
  attributes: { username: string; email: string; role: string; isActive: boolean; lastLogin: string | null };
};
export type OrganizationDetail = { organization: Organization; members: Member[] };
export type InvitationLanguage = 'en' | 'pt';
/** Without a language the server picks the invitee's, else the organization's, else the inviter's. */
export type Invitation = {
  email: string;
  role: 'member' | 'admin';
  organization: number;
  language?: InvitationLanguage;
};

export async function fetchOrganizations(query = '?page=1&order_by=name'): Promise<Organization[]> {
  return (await api.get<{ data: Organization[] }>(`${ph}/organizations/${query}`)).data.data;
}

export async function fetchOrganizationDetail(id: number): Promise<OrganizationDetail> {
  const [org, members] = await Promise.all([
    api.get<{ data: Organization }>(`${ph}/organizations/${id}/`),
    api.get<{ data: Member[] }>(`${ph}/organizations/${id}/members/`),
  ]);
  return { organization: org.data.data, members: members.data.data };
}

export async function updateOrganization(id: number, name: string) {
  return (await api.patch(`${ph}/organizations/${id}/`, { name })).data;
}

export async function changeOwner(id: number, owner: number) {
  return (await api.patch(`${ph}/organizations/${id}/owner/`, { owner })).data;
}

export async function setAdmin(id: number, user: number, admin: boolean) {
  const url = `${ph}/organizations/${id}/admins/`;
  return (admin ? await api.post(url, { user }) : await api.delete(url, { data: { user } })).data;
}

export async function removeMember(id: number, user: number) {
  return (await api.delete(`${ph}/organizations/${id}/members/`, { data: { user } })).data;
}

export async function inviteMember(body: Invitation) {
  return (await api.post(`${ph}/member-registrations/`, body)).data;
}

export async function resendInvitation(registrationId: number) {
  return (await api.post(`${ph}/member-registrations/${registrationId}/resend-email/`)).data;
}
