import type { AuditOperationName } from '../../../contract/audit';
import type { Db } from '../../db/database';

export type AuditEntry = {
  name: AuditOperationName;
  user_id: number | null;
  organization_id: number | null;
  request: unknown;
  response_status: number;
};

// An organization's entries live in its own table (distributed by organization under Citus), entries of
// no organization (support, the CLI, jobs, sign-up) in the instance-wide one (migration 0048); the view
// audit_operations reads both.
export async function insertAuditOperation(db: Db, entry: AuditEntry): Promise<void> {
  const { organization_id, ...rest } = entry;
  const values = { ...rest, request: JSON.stringify(entry.request ?? {}) };
  if (organization_id === null) await db.insertInto('instance_audit_operations').values(values).execute();
  else
    await db
      .insertInto('organization_audit_operations')
      .values({ ...values, organization_id })
      .execute();
}

/** Before an organization is deleted: its audit entries stay, as instance-wide ones (the cascade would drop them). */
export async function keepAuditOfOrganization(db: Db, organizationId: number): Promise<void> {
  await db
    .insertInto('instance_audit_operations')
    .columns(['id', 'name', 'date', 'user_id', 'request', 'response_status'])
    .expression(
      db
        .selectFrom('organization_audit_operations')
        .select(['id', 'name', 'date', 'user_id', 'request', 'response_status'])
        .where('organization_id', '=', organizationId),
    )
    .execute();
}

export async function organizationExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst());
}
