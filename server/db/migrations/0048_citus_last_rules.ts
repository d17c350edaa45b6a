import { sql, type Kysely } from 'kysely';

// The last rules for distributing by organization under Citus (docs/SCALING.md, "Citus").
//
// Verified names. A verified name belongs to one organization across the instance (migration 0039). Under
// Citus a unique index on domains (name) would only hold within one shard, so the rule moves to a reference
// table of verified names, written in the transaction that verifies, revokes, renames or deletes the domain
// (server/modules/domains/verified-names.ts). It points at organizations (a reference table) and names its
// domain by id without a foreign key: a reference table cannot point at a tenant table.
//
// Audit log. Entries of an organization and entries of none (support actions, the CLI, jobs, sign-up) used
// to share audit_operations with organization_id null for the latter; a distribution column cannot be null.
// They now live in organization_audit_operations (keyed by (organization_id, id), distributed) and
// instance_audit_operations (few, written by the operator and support: a reference table), numbered from one
// sequence so an id names one entry. audit_operations is a view of both, so the audit page and the CLI read
// what they read before. Deleting an organization moves its entries to the instance table (they used to stay
// with organization_id null).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verified_names')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'bigint', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('domain_id', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into verified_names (name, organization_id, domain_id)
    select name, organization_id, id from domains where verified_at is not null`.execute(db);
  await db.schema.dropIndex('domains_verified_name_key').execute();
  await splitAudit(db);
}

const auditColumns = 'id, name, date, user_id, request, response_status';

async function organizationKey(db: Kysely<unknown>, table: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
    where conrelid = ${table}::regclass and contype = 'f' and confrelid = 'organizations'::regclass`.execute(
    db,
  );
  return rows[0]!.name;
}

async function splitAudit(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_operations rename to organization_audit_operations`.execute(db);
  await sql`create table instance_audit_operations (
    id bigint primary key default nextval('audit_operations_id_seq'),
    name text not null,
    date timestamptz not null default now(),
    user_id bigint references users (id) on delete set null,
    request jsonb not null default '{}'::jsonb,
    response_status integer not null)`.execute(db);
  await sql`insert into instance_audit_operations (${sql.raw(auditColumns)})
    select ${sql.raw(auditColumns)} from organization_audit_operations where organization_id is null`.execute(
    db,
  );
  await sql`delete from organization_audit_operations where organization_id is null`.execute(db);
  const fk = await organizationKey(db, 'organization_audit_operations');
  await sql`alter table organization_audit_operations
    drop constraint ${sql.raw(fk)},
    drop constraint audit_operations_pkey,
    alter column organization_id set not null,
    add constraint organization_audit_operations_pkey primary key (organization_id, id),
    add constraint organization_audit_operations_organization_id_fkey foreign key (organization_id)
      references organizations (id) on delete cascade`.execute(db);
  await sql`create index instance_audit_operations_date_idx on instance_audit_operations (date)`.execute(db);
  await sql`create view audit_operations as
    select id, name, date, user_id, organization_id, request, response_status
      from organization_audit_operations
    union all
    select id, name, date, user_id, null::bigint, request, response_status from instance_audit_operations`.execute(
    db,
  );
}

async function joinAudit(db: Kysely<unknown>): Promise<void> {
  await sql`drop view audit_operations`.execute(db);
  await sql`alter table organization_audit_operations
    drop constraint organization_audit_operations_organization_id_fkey,
    drop constraint organization_audit_operations_pkey,
    alter column organization_id drop not null,
    add constraint audit_operations_pkey primary key (id),
    add constraint audit_operations_organization_id_fkey foreign key (organization_id)
      references organizations (id) on delete set null`.execute(db);
  await sql`insert into organization_audit_operations (${sql.raw(auditColumns)})
    select ${sql.raw(auditColumns)} from instance_audit_operations`.execute(db);
  await sql`drop table instance_audit_operations`.execute(db);
  await sql`alter table organization_audit_operations rename to audit_operations`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await joinAudit(db);
  await sql`create unique index domains_verified_name_key on domains (name)
    where verified_at is not null`.execute(db);
  await db.schema.dropTable('verified_names').execute();
}
