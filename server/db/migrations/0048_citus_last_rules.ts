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
//
// Held TLS and failure reports. A report no organization owns when it arrives (server/ingest/ownership.ts)
// used to wait in tls_reports / failure_reports with organization_id null, set on verification; a
// distribution column can be neither null nor changed. It now waits in held_reports (no organization: a
// reference table), with the parsed report, under the id its report table's sequence gave it, and is stored
// through the normal path when an organization verifies the domain (server/ingest/attach.ts). Then both
// tables are keyed by (organization_id, id). Held aggregate reports still wait in dmarc_reports.

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
  await holdOtherReports(db);
}

const heldKinds = { tls_reports: 'tls', failure_reports: 'failure' } as const;
const heldColumns =
  'id, domain, org_name, report_id, begin_date, end_date, file_id, received_file_id, source, received_at';

async function holdOtherReports(db: Kysely<unknown>): Promise<void> {
  // Ids come from two sequences (tls_reports', failure_reports'), so an id is unique only within its kind.
  await sql`create table held_reports (
    id bigint not null,
    kind text not null check (kind in ('tls', 'failure')),
    domain text not null,
    org_name text not null,
    report_id text not null,
    begin_date timestamptz not null,
    end_date timestamptz not null,
    report jsonb not null,
    file_id bigint references report_files (id),
    received_file_id bigint references report_files (id),
    source text not null,
    received_at timestamptz not null default now(),
    primary key (kind, id),
    constraint held_reports_key unique (kind, org_name, report_id, domain, begin_date, end_date))`.execute(
    db,
  );
  await sql`create index held_reports_domain_idx on held_reports (domain)`.execute(db);
  for (const [table, kind] of Object.entries(heldKinds)) {
    await sql`insert into held_reports (${sql.raw(heldColumns)}, kind, report)
      select ${sql.raw(heldColumns)}, ${kind}, details from ${sql.table(table)}
       where organization_id is null
      on conflict do nothing`.execute(db);
    await sql`delete from ${sql.table(table)} where organization_id is null`.execute(db);
    await sql`alter table ${sql.table(table)}
      alter column organization_id set not null,
      drop constraint ${sql.raw(`${table}_pkey`)},
      add constraint ${sql.raw(`${table}_pkey`)} primary key (organization_id, id)`.execute(db);
  }
}

async function releaseOtherReports(db: Kysely<unknown>): Promise<void> {
  for (const [table, kind] of Object.entries(heldKinds)) {
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.raw(`${table}_pkey`)},
      add constraint ${sql.raw(`${table}_pkey`)} primary key (id),
      alter column organization_id drop not null`.execute(db);
    // The summary the lists show is not kept while held: an empty one until the report is stored again.
    await sql`insert into ${sql.table(table)} (${sql.raw(heldColumns)}, organization_id, records_count,
        messages_count, summary, details, warnings)
      select ${sql.raw(heldColumns)}, null, 0, 0, '{}'::jsonb, report, coalesce(report -> 'warnings', '[]')
        from held_reports where kind = ${kind}`.execute(db);
  }
  await sql`drop table held_reports`.execute(db);
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
  await releaseOtherReports(db);
  await joinAudit(db);
  await sql`create unique index domains_verified_name_key on domains (name)
    where verified_at is not null`.execute(db);
  await db.schema.dropTable('verified_names').execute();
}
