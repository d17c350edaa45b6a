import { z } from 'zod';
import { passwordField } from './account';
import { benefitsSchema } from './auth';

/** The organization the first start creates; the console shows it under its translated name. */
export const defaultOrganizationName = 'Default organization';
import { choiceMessage, detailDocument, emailField, idField, refField, text } from './fields';
import { listDocument, listExample, pageMetaSchema, pageQueryShape } from './paging';
import { groupRefSchema } from './users';
import { answerExample, bodyExample, sample } from './example';

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
export const organizationCreateBody = bodyExample(z.object({ name: text(120), owner: refField() }), {
  name: 'Example Lda',
  owner: 7,
});
export const organizationUpdateBody = bodyExample(z.object({ name: text(120).optional() }), {
  name: 'Example Lda (EU)',
});
export const ownerBody = bodyExample(z.object({ owner: refField() }), { owner: 9 });
export const userBody = bodyExample(z.object({ user: refField() }), { user: 9 });
const role = z.enum(['member', 'admin'], choiceMessage).default('member');
// The invitation e-mail's language; absent: the invitee's own, else the organization's, else the inviter's.
export const invitationLanguageSchema = z.enum(['en', 'pt'], choiceMessage);
export const inviteBody = bodyExample(
  z.object({
    email: emailField(),
    organization: idField().optional(),
    role,
    language: invitationLanguageSchema.optional(),
  }),
  { email: 'rui@example.com', role: 'member', language: 'pt' },
);
export const addMemberBody = bodyExample(z.object({ user: refField(), role }), { user: 9, role: 'admin' });

export const reportDomainRecord = z.object({
  name: z.string(),
  type: z.enum(['MX', 'TXT']),
  content: z.string(),
});
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
    /** False until the operator sets a report domain mail from the internet reaches (REPORT_ADDRESS_DOMAIN). */
    report_address_receives_mail: z.boolean(),
    /** What the report domain publishes (its MX, RFC 7489 section 7.1 authorisation); empty until it receives mail. */
    report_domain_records: z.array(reportDomainRecord),
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
const organizationExample: OrganizationResource = {
  type: 'organizations',
  id: 4,
  attributes: {
    name: 'Example Lda',
    benefits: {
      domains: 100,
      campaigns: 1000,
      campaign_recipients: 100,
      retention: 365,
      organization_members_limit: 10,
      alerts: 50,
      digest_reports: 20,
    },
    is_stripe: false,
    subscription_status: 'active',
    created_at: sample.time,
    report_address: 'reports+4@msas.example.net',
    report_address_receives_mail: true,
    report_domain_records: [
      { name: 'msas.example.net', type: 'MX', content: '10 mx.msas.example.net.' },
      { name: '*._report._dmarc.msas.example.net', type: 'TXT', content: '"v=DMARC1"' },
    ],
  },
  relationships: {
    owner: { data: { type: 'users', id: 7 } },
    members: {
      data: [
        { type: 'users', id: 7 },
        { type: 'users', id: 9 },
      ],
    },
    member_registrations: { data: [{ type: 'member_registrations', id: 21 }] },
    domain_groups: { data: [{ type: 'domain_groups', id: 3 }] },
    domains: {
      data: [
        { type: 'domains', id: 12 },
        { type: 'domains', id: 13 },
      ],
    },
  },
};
export const organizationDocument = answerExample(z.object({ data: organizationResource }), {
  data: organizationExample,
});
export const organizationListDocument = listExample(
  listDocument(organizationResource),
  '/api/ph/organizations/',
  [organizationExample],
);

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
export const memberListDocument = answerExample(
  z.object({ data: z.array(memberResource), meta: pageMetaSchema }),
  {
    data: [
      {
        type: 'users',
        id: 9,
        attributes: {
          username: 'rui',
          email: 'rui@example.com',
          role: 'admin',
          groups: [{ label: 'admin', value: 2 }],
          is_active: true,
          last_login: sample.time,
        },
      },
    ],
    meta: { count: 1, page: 1, page_size: 20 },
  },
);

// Invitations: sent by an owner or admin, accepted (public) with the token the e-mail carries.
export const registrationDocument = answerExample(
  z.object({
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
  }),
  {
    data: {
      type: 'member_registrations',
      id: 21,
      attributes: {
        email: 'rui@example.com',
        role: 'member',
        organization: 4,
        expires_at: sample.laterTime,
        accepted_at: null,
        sent_count: 1,
      },
    },
  },
);
export const invitationConfirmBody = bodyExample(
  z.object({
    token: text(200),
    username: text(150),
    password: passwordField,
  }),
  { token: 'aW52aXRhdGlvbi1leGFtcGxl', username: 'rui', password: 'correct horse battery staple' },
);
// Accepting names the account the invitation made.
export const invitationAcceptedDocument = answerExample(
  detailDocument.extend({ username: z.string(), organization: z.number().int() }),
  { detail: 'Invitation accepted.', username: 'rui', organization: 4 },
);
