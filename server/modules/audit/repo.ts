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
