import type { Author } from '../../../contract/author';
import type { Db } from '../../db/database';

// Names the users who made an organization's records (contract/author.ts), in one query for a page of them.
// Only a user who still belongs to that organization is named: nothing of another organization's users leaks.
export async function authorsIn(
  db: Db,
  organizationId: number,
  ids: (number | null)[],
): Promise<Map<number, Author>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  // The name and e-mail leave the database only for the organization's own members.
  const rows = await db
    .selectFrom('users')
    .select(['id', 'is_active', 'is_support', 'role', 'organization_id'])
    .select((eb) => [
      eb.case().when('organization_id', '=', organizationId).then(eb.ref('name')).end().as('name'),
      eb.case().when('organization_id', '=', organizationId).then(eb.ref('email')).end().as('email'),
    ])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((u) => [u.id, authorOf(u, organizationId)]));
}

type AuthorRow = {
  name: string | null;
  email: string | null;
  is_active: boolean;
  is_support: boolean;
  role: string;
  organization_id: number | null;
};

function authorOf(u: AuthorRow, organizationId: number): Author {
  if (u.is_support || u.role === 'support') return { kind: 'support', name: null };
  // A deleted account is kept anonymised and inactive (users/deletion.ts), its organization cleared.
  if (!u.is_active && u.organization_id === null) return { kind: 'deleted', name: null };
  if (u.organization_id !== organizationId || u.email === null) return { kind: 'former', name: null };
  return { kind: 'member', name: u.name?.trim() || u.email };
}

/** An author for an id missing from the map: the row is gone, so the account was removed. */
export const authorFor = (authors: Map<number, Author>, id: number | null): Author | null =>
  id === null ? null : (authors.get(id) ?? { kind: 'deleted', name: null });
