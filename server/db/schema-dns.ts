import type { ColumnType, Generated } from 'kysely';

// Table types of migrations/0049_dns_zones.ts, merged into the Database type in schema.ts.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** One rrset as PowerDNS holds it (SOA never kept), comments' modified_at in epoch seconds. */
export type StoredRrset = {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled: boolean }[];
  comments: { content: string; account: string; modified_at?: number }[];
};
export type ChangeKind = 'create' | 'edit' | 'revert' | 'outside';

export type DnsZonesTable = {
  organization_id: number;
  id: Generated<number>;
  name: string;
  kind: string;
  version: Generated<number>;
  /** StoredRrset[] as JSON text (migration 0054): written and read whole, never queried inside. */
  known: ColumnType<string, string | undefined, string>;
  /** PowerDNS's SOA serial when `known` was taken (migration 0056); null when not known. */
  known_serial: ColumnType<number | null, number | null | undefined, number | null>;
  /** The records in `known`, for the zones list. */
  records: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type DnsChangeSetsTable = {
  organization_id: number;
  id: Generated<number>;
  zone_id: number;
  version: number;
  kind: ChangeKind;
  user_id: number | null;
  reverts_id: number | null;
  created_at: CreatedAt;
};

export type DnsRrsetChangesTable = {
  organization_id: number;
  id: Generated<number>;
  change_set_id: number;
  zone_id: number;
  name: string;
  type: string;
  before: ColumnType<StoredRrset | null, string | null, string | null>;
  after: ColumnType<StoredRrset | null, string | null, string | null>;
};

export type DnsTables = {
  dns_zones: DnsZonesTable;
  dns_change_sets: DnsChangeSetsTable;
  dns_rrset_changes: DnsRrsetChangesTable;
};
