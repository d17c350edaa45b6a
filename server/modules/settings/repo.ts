import type { Db } from '../../db/database';
import type { OrganizationRow } from '../../db/schema';

// Writes of an organization's settings (organizations.settings, jsonb).

/** Replaces the organization's settings; answers the row as it is now. */
export function saveSettings(
  db: Db,
  organizationId: number,
  settings: Record<string, unknown>,
): Promise<OrganizationRow> {
  return db
    .updateTable('organizations')
    .set({ settings: JSON.stringify(settings) })
    .where('id', '=', organizationId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
