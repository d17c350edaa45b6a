import { z } from 'zod';
import { emailField, errorResponses, text } from '../../lib/schemas';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from '../../lib/paging';

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
    groups: z.array(z.object({ label: z.string(), value: z.number().int() })),
    organization: z.number().int().nullable(),
    is_active: z.boolean(),
    last_login: z.string().nullable(),
  }),
});
export const userResourceDocument = z.object({ data: userResource });
export const userListSchema = z.object({
  data: z.array(userResource),
  links: pageLinksSchema,
  meta: pageMetaSchema,
});

export const createUserBody = z.object({
  username: text(150),
  email: emailField(),
  name: z.string().max(150).optional(),
  password: z.string().optional(),
  role: z.enum(['member', 'admin'], { message: 'Not a valid choice.' }).default('member'),
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
export const pendingEmailChangeSchema = z.object({ email: z.string(), expires_at: z.string() });
export const updateUserResponse = userResourceDocument.extend({
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
const domainRefs = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(z.union([z.string().max(300), z.number().int()]).transform(String)).max(1000),
);
export const userDomainsBody = z.object({ domains: domainRefs.default([]) });
export const groupListSchema = z.object({
  data: z.array(
    z.object({ type: z.literal('groups'), id: z.number().int(), attributes: z.object({ name: z.string() }) }),
  ),
});
export const permissionsSchema = z.object({ permissions: z.array(z.string()) });
export const detailSchema = z.object({ detail: z.string() });
export const adminErrors = errorResponses(400, 401, 403, 404, 429);
