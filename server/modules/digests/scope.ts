import type { Db } from '../../db/database';
import { fieldError } from '../../lib/errors';
import { digestMessages } from '../../../contract/digests';

// Which domains a schedule covers: all of the organization's, one of its domain groups, or domains it names.
// Read when the report is built, so a domain added to the group (or the organization) is in the next one.

export type ScopeFields = {
  all_domains: boolean;
  domain_group_id: number | null;
  specific_domains: number[];
};

export async function scopeDomains(db: Db, organizationId: number, s: ScopeFields): Promise<string[]> {
  let q = db.selectFrom('domains as d').select('d.name').where('d.organization_id', '=', organizationId);
  if (!s.all_domains) {
    if (s.domain_group_id !== null) {
      const groupId = s.domain_group_id;
      q = q.where('d.id', 'in', (eb) =>
        eb
          .selectFrom('domain_group_domains as gd')
          .innerJoin('domain_groups as g', 'g.id', 'gd.group_id')
          .select('gd.domain_id')
          .where('g.id', '=', groupId)
          .where('g.organization_id', '=', organizationId),
      );
    } else if (s.specific_domains.length > 0) q = q.where('d.id', 'in', s.specific_domains);
    else return [];
  }
  const rows = await q.orderBy('d.name').execute();
  return rows.map((r) => r.name);
}

export async function groupName(db: Db, organizationId: number, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db
    .selectFrom('domain_groups')
    .select('name')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** The scope fields as given, checked against the organization (400 with the field's message otherwise). */
export async function checkScope(db: Db, organizationId: number, s: ScopeFields): Promise<void> {
  if (!s.all_domains && s.domain_group_id === null && s.specific_domains.length === 0)
    throw fieldError('all_domains', digestMessages.scope);
  if (s.domain_group_id !== null && (await groupName(db, organizationId, s.domain_group_id)) === null)
    throw fieldError('domain_group', 'object_does_not_exist', { pk: s.domain_group_id });
  if (s.specific_domains.length > 0) {
    const found = await db
      .selectFrom('domains')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', 'in', s.specific_domains)
      .execute();
    const ids = new Set(found.map((r) => r.id));
    const missing = s.specific_domains.find((id) => !ids.has(id));
    if (missing !== undefined) throw fieldError('specific_domains', 'object_does_not_exist', { pk: missing });
  }
}
