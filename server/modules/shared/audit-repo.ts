import type { Db } from '../../db/database';

export type AuditEntry = {
  name: string;
  user_id: number | null;
  organization_id: number | null;
  request: unknown;
  response_status: number;
};

export async function insertAuditOperation(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_operations')
    .values({ ...entry, request: JSON.stringify(entry.request ?? {}) })
    .execute();
}

export async function organizationExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst());
}
