import { z } from 'zod';
import { code } from './error-codes';
import { currentUserExample, currentUserSchema } from './auth';
import { choiceMessage, detailDocument, domainRefs, emailField, text } from './fields';
import { domainExample, domainListDocument } from './domains';
import { listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, bodyExample, sample } from './example';

// The users area on the wire (snake_case), under /api/ph: the current user and their preferences, the
// organization admin's user management (/api/ph/v2/users/), groups, and the e-mail change.
// Server routes validate and serialize with these; the SPA reads Wire<typeof schema> (contract/casing.ts).

export { detailDocument };
// Path ids of users (no upper bound here: an unknown id is a 404).
export const userParams = z.object({ id: z.coerce.number().int().positive() });
export const groupRefSchema = z.object({ label: z.string(), value: z.number().int() });

export const userDocument = answerExample(
  z.object({
    data: z.object({ type: z.literal('users'), id: z.number().int(), attributes: currentUserSchema }),
  }),
  {
    data: {
      type: 'users',
      id: 7,
      attributes: currentUserExample,
    },
  },
);
export type UserDocument = z.output<typeof userDocument>;

export const userSettingsBody = bodyExample(
  z
    .object({
      layout_theme: z.enum(['primaryTheme', 'carrierTheme'], choiceMessage).optional(),
      language: z.enum(['en', 'pt'], choiceMessage).optional(),
    })
    .strict(),
  { layout_theme: 'carrierTheme', language: 'pt' },
);

export const userListQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  group: z.union([z.literal(''), z.coerce.number().int().min(1).max(5)]).optional(),
});

export const userResource = z.object({
  type: z.literal('users'),
  id: z.number().int(),
  attributes: z.object({
    username: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.string(),
    groups: z.array(groupRefSchema),
    organization: z.number().int().nullable(),
    is_active: z.boolean(),
    last_login: z.string().nullable(),
  }),
});
const userExample: z.output<typeof userResource> = {
  type: 'users',
  id: 9,
  attributes: {
    username: 'rui',
    email: 'rui@example.com',
    name: 'Rui Costa',
    role: 'member',
    groups: [{ label: 'member', value: 3 }],
    organization: 4,
    is_active: true,
    last_login: sample.time,
  },
};
export const userResourceDocument = answerExample(z.object({ data: userResource }), { data: userExample });
export const userListDocument = listExample(listDocument(userResource), '/api/ph/v2/users/', [userExample]);

export const createUserBody = bodyExample(
  z.object({
    username: text(150),
    email: emailField(),
    name: z.string().max(150).optional(),
    password: z.string().optional(),
    role: z.enum(['member', 'admin'], choiceMessage).default('member'),
  }),
  { username: 'rui', email: 'rui@example.com', name: 'Rui Costa', role: 'member' },
);
export const updateUserBody = bodyExample(
  z.object({
    username: text(150).optional(),
    email: emailField().optional(),
    name: z.string().max(150).optional(),
    alerts_email: z
      .union([z.literal(''), emailField()])
      .nullable()
      .optional(),
    current_password: z.string().max(1024).optional(),
  }),
  { name: 'Rui Costa', email: 'rui.costa@example.com', current_password: 'correct horse battery staple' },
);
// A new address waits for its confirmation link (docs/PERMISSIONS.md).
export const pendingEmailChangeSchema = z.object({ email: z.string(), expires_at: z.string() });
export const updateUserDocument = answerExample(
  userResourceDocument.extend({
    meta: z.object({ email_change: pendingEmailChangeSchema }).optional(),
  }),
  {
    data: userExample,
    meta: { email_change: { email: 'rui.costa@example.com', expires_at: sample.laterTime } },
  },
);
export const deleteUserBody = bodyExample(z.object({ password: z.string().optional() }), {
  password: 'correct horse battery staple',
});
const groupIds = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number({ message: code('invalid_integer') }).int()).min(1, code('list_empty')),
);
export const groupsBody = bodyExample(z.object({ groups: groupIds }), { groups: [2] });
export const userDomainsBody = bodyExample(z.object({ domains: domainRefs.default([]) }), {
  domains: [sample.domain],
});
export const groupListDocument = answerExample(
  z.object({
    data: z.array(
      z.object({
        type: z.literal('groups'),
        id: z.number().int(),
        attributes: z.object({ name: z.string() }),
      }),
    ),
  }),
  {
    data: [
      { type: 'groups', id: 1, attributes: { name: 'owner' } },
      { type: 'groups', id: 2, attributes: { name: 'admin' } },
      { type: 'groups', id: 3, attributes: { name: 'member' } },
    ],
  },
);
export const permissionsDocument = answerExample(z.object({ permissions: z.array(z.string()) }), {
  permissions: ['domains.view', 'reports.view', 'reports.upload'],
});

// The e-mail change: its state, and the confirmation of the link sent to the new address.
export const emailChangeConfirmBody = bodyExample(z.object({ token: text(200) }), {
  token: 'ZW1haWwtY2hhbmdlLWV4YW1wbGU',
});
export const emailChangeStateDocument = answerExample(
  z.object({ email_change: pendingEmailChangeSchema.nullable() }),
  { email_change: { email: 'rui.costa@example.com', expires_at: sample.laterTime } },
);

// The domains a member may see (an admin assigns them): the domains list without its page links.
export const userDomainListDocument = answerExample(domainListDocument.omit({ links: true }), {
  data: [domainExample],
  meta: { count: 1, page: 1, page_size: 20 },
});
