import { z } from 'zod';
import { passwordField } from './account';
import { benefitsSchema } from './auth';

/** The organization the first start creates; the console shows it under its translated name. */
export const defaultOrganizationName = 'Default organization';
import { choiceMessage, detailDocument, emailField, idField, refField, text } from './fields';
import { listDocument, pageMetaSchema, pageQueryShape } from './paging';
import { groupRefSchema } from './users';

// The organizations area on the wire (snake_case), under /api/ph: organizations (support creates them),
// their members, and the invitations (member registrations) they send and the invitee accepts.
// Server routes validate and serialize with these; the SPA reads Wire<typeof schema> (contract/casing.ts).

export { detailDocument };
export const idParams = z.object({ id: idField() });

export const organizationListQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  order_by: z.enum(['name', '-name', 'id', '-id'], choiceMessage).default('name'),
});
export const organizationCreateBody = z.object({ name: text(120), owner: refField() });
export const organizationUpdateBody = z.object({ name: text(120).optional() });
export const ownerBody = z.object({ owner: refField() });
export const userBody = z.object({ user: refField() });
const role = z.enum(['member', 'admin'], choiceMessage).default('member');
// The invitation e-mail's language; absent: the invitee's own, else the organization's, else the inviter's.
export const invitationLanguageSchema = z.enum(['en', 'pt'], choiceMessage);
export const inviteBody = z.object({
  email: emailField(),
  organization: idField().optional(),
  role,
  language: invitationLanguageSchema.optional(),
});
export const addMemberBody = z.object({ user: refField(), role });

const ref = (type: string) => z.object({ type: z.literal(type), id: z.number().int() });
const many = (type: string) => z.object({ data: z.array(ref(type)) });
export const organizationResource = z.object({
  type: z.literal('organizations'),
  id: z.number().int(),
  attributes: z.object({
    name: z.string(),
    benefits: benefitsSchema,
    is_stripe: z.boolean(),
    subscription_status: z.string().nullable(),
    created_at: z.string(),
    report_address: z.string(),
  }),
  relationships: z.object({
    owner: z.object({ data: ref('users').nullable() }),
    members: many('users'),
    member_registrations: many('member_registrations'),
    domain_groups: many('domain_groups'),
    domains: many('domains'),
  }),
});
export type OrganizationResource = z.output<typeof organizationResource>;
export const organizationDocument = z.object({ data: organizationResource });
export const organizationListDocument = listDocument(organizationResource);

export const memberResource = z.object({
  type: z.literal('users'),
  id: z.number().int(),
  attributes: z.object({
    username: z.string(),
    email: z.string(),
    role: z.string(),
    groups: z.array(groupRefSchema),
    is_active: z.boolean(),
    last_login: z.string().nullable(),
  }),
});
export const memberListDocument = z.object({ data: z.array(memberResource), meta: pageMetaSchema });

// Invitations: sent by an owner or admin, accepted (public) with the token the e-mail carries.
export const registrationDocument = z.object({
  data: z.object({
    type: z.literal('member_registrations'),
    id: z.number().int(),
    attributes: z.object({
      email: z.string(),
      role: z.string(),
      organization: z.number().int(),
      expires_at: z.string(),
      accepted_at: z.string().nullable(),
      sent_count: z.number().int(),
    }),
  }),
});
export const invitationConfirmBody = z.object({
  token: text(200),
  username: text(150),
  password: passwordField,
});
// Accepting names the account the invitation made.
export const invitationAcceptedDocument = detailDocument.extend({
  username: z.string(),
  organization: z.number().int(),
});
