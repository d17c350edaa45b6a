import { z } from 'zod';

// Who did something, as a record of one organization may show it (a zone's history): named only when the user
// still belongs to that organization. The user's id stays beside it, as the audit log shows it.
// - member: a user of the organization, by name (their e-mail when they gave none);
// - support: a support user (staff), shown by id only, as the audit log shows them;
// - deleted: an account deleted since;
// - former: a user who has left the organization since (who they are now is another organization's).
export const authorKind = z.enum(['member', 'support', 'deleted', 'former']);
export const authorSchema = z.object({
  kind: authorKind,
  /** The member's name or e-mail; null for every other kind. */
  name: z.string().nullable(),
});
export type Author = z.output<typeof authorSchema>;
