import type { ColumnType, Generated } from 'kysely';

// Table types of migrations/0020_reputation.ts, merged into the Database type in schema.ts.
export type DelistRequestsTable = {
  id: Generated<number>;
  target: string;
  zone: string;
  category: string;
  requester_ip: string;
  user_id: number | null;
  organization_id: number | null;
  outbox_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
};

export type ReputationTables = { delist_requests: DelistRequestsTable };
