import { z } from 'zod';
import { benefitsSchema } from '../../../contract/auth';
import { inviteBody as accountInviteBody } from '../account';
import { errorResponses, text } from '../../lib/schemas';
import { pageLinksSchema, pageMetaSchema, pageQueryShape } from '../../lib/paging';

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const userId = z.coerce
  .number({ message: 'A valid integer is required.' })
  .int()
  .positive()
  .max(2_147_483_647);

export const listQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  order_by: z.enum(['name', '-name', 'id', '-id'], { message: 'Not a valid choice.' }).default('name'),
});
export const createBody = z.object({ name: text(120), owner: userId });
export const updateBody = z.object({ name: text(120).optional() });
export const ownerBody = z.object({ owner: userId });
export const userBody = z.object({ user: userId });
// The invitation e-mail's language; absent: the invitee's own, else the organization's, else the inviter's.
export const inviteBody = accountInviteBody.extend({
  language: z.enum(['en', 'pt'], { message: 'Not a valid choice.' }).optional(),
});
export const addMemberBody = z.object({
  user: userId,
  role: z.enum(['member', 'admin'], { message: 'Not a valid choice.' }).default('member'),
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
  }),
  relationships: z.object({
    owner: z.object({ data: ref('users').nullable() }),
    members: many('users'),
    member_registrations: many('member_registrations'),
    domain_groups: many('domain_groups'),
    domains: many('domains'),
  }),
});
export type OrganizationResource = z.infer<typeof organizationResource>;
export const organizationDocument = z.object({ data: organizationResource });
export const organizationList = z.object({
  data: z.array(organizationResource),
  links: pageLinksSchema,
  meta: pageMetaSchema,
});

export const memberResource = z.object({
  type: z.literal('users'),
  id: z.number().int(),
  attributes: z.object({
    username: z.string(),
    email: z.string(),
    role: z.string(),
    groups: z.array(z.object({ label: z.string(), value: z.number().int() })),
    is_active: z.boolean(),
    last_login: z.string().nullable(),
  }),
});
export const memberList = z.object({ data: z.array(memberResource), meta: pageMetaSchema });

export const orgErrors = errorResponses(400, 401, 403, 404);
