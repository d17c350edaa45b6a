import { z } from 'zod';
import { currentUserSchema } from './auth';
import { choiceMessage, detailDocument, domainRefs, emailField, text } from './fields';
import { domainListDocument } from './domains';
import { listDocument, pageQueryShape } from './paging';

// The users area on the wire (snake_case), under /api/ph: the current user and their preferences, the
// organization admin's user management (/api/ph/v2/users/), groups, and the e-mail change.
// Server routes validate and serialize with these; the SPA reads Wire<typeof schema> (contract/casing.ts).

export { detailDocument };
// Path ids of users (no upper bound here: an unknown id is a 404).
export const userParams = z.object({ id: z.coerce.number().int().positive() });
export const groupRefSchema = z.object({ label: z.string(), value: z.number().int() });

export const userDocument = z.object({
  data: z.object({ type: z.literal('users'), id: z.number().int(), attributes: currentUserSchema }),
});
export type UserDocument = z.output<typeof userDocument>;

export const userSettingsBody = z
  .object({
    layout_theme: z.enum(['primaryTheme', 'carrierTheme'], choiceMessage).optional(),
    language: z.enum(['en', 'pt'], choiceMessage).optional(),
  })
  .strict();

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
export const userResourceDocument = z.object({ data: userResource });
export const userListDocument = listDocument(userResource);

export const createUserBody = z.object({
  username: text(150),
  email: emailField(),
  name: z.string().max(150).optional(),
  password: z.string().optional(),
  role: z.enum(['member', 'admin'], choiceMessage).default('member'),
});
export const updateUserBody = z.object({
  username: text(150).optional(),
  email: emailField().optional(),
  name: z.string().max(150).optional(),
  alerts_email: z
    .union([z.literal(''), emailField()])
    .nullable()
    .optional(),
  current_password: z.string().max(1024).optional(),
});
// A new address waits for its confirmation link (docs/PERMISSIONS.md).
export const pendingEmailChangeSchema = z.object({ email: z.string(), expires_at: z.string() });
export const updateUserDocument = userResourceDocument.extend({
  meta: z.object({ email_change: pendingEmailChangeSchema }).optional(),
});
export const deleteUserBody = z.object({ password: z.string().optional() });
const groupIds = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z
    .array(z.coerce.number({ message: 'A valid integer is required.' }).int())
    .min(1, 'This list may not be empty.'),
);
export const groupsBody = z.object({ groups: groupIds });
export const userDomainsBody = z.object({ domains: domainRefs.default([]) });
export const groupListDocument = z.object({
  data: z.array(
    z.object({ type: z.literal('groups'), id: z.number().int(), attributes: z.object({ name: z.string() }) }),
  ),
});
export const permissionsDocument = z.object({ permissions: z.array(z.string()) });

// The e-mail change: its state, and the confirmation of the link sent to the new address.
export const emailChangeConfirmBody = z.object({ token: text(200) });
export const emailChangeStateDocument = z.object({ email_change: pendingEmailChangeSchema.nullable() });

// The domains a member may see (an admin assigns them): the domains list without its page links.
export const userDomainListDocument = domainListDocument.omit({ links: true });
