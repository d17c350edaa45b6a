import { sql, type Kysely } from 'kysely';

// Keys by organization, so that under Citus (docs/SCALING.md) every tenant table can be distributed by
// organization_id: every key holds the distribution column.
//
// Children. Tables that reach their organization through a parent carry organization_id themselves, and
// domains and domain groups are keyed by (organization_id, id): a domain's check results, history and
// memberships live on the domain's shard. Filled from the parent; the foreign keys to the parents become
// (organization_id, parent id), so a child can only name a parent of its own organization.
//
// Reports. The duplicate key of dmarc_reports, tls_reports and failure_reports holds organization_id: the
// same report routed to two organizations is each one's (it used to be dropped as a duplicate of the first
// organization's copy). Held reports (organization_id null, server/ingest/attach.ts) compare equal to each
// other there (NULLS NOT DISTINCT, PostgreSQL 15), so a held report is still stored once.

/** Child tables that gain organization_id, and the parent (and column) it is copied from. */
const children: { table: string; via: string; parent: 'domains' | 'domain_groups' }[] = [
  { table: 'check_results', via: 'domain_id', parent: 'domains' },
  { table: 'check_history', via: 'domain_id', parent: 'domains' },
  { table: 'domain_group_domains', via: 'domain_id', parent: 'domains' },
  { table: 'user_domains', via: 'domain_id', parent: 'domains' },
];

/** New keys of the children: every one starts with organization_id. */
const childKeys: { table: string; name: string; columns: string; primary: boolean; old: string }[] = [
  {
    table: 'check_results',
    name: 'check_results_pkey',
    columns: 'organization_id, id',
    primary: true,
    old: 'id',
  },
  {
    table: 'check_results',
    name: 'check_results_domain_system_key',
    columns: 'organization_id, domain_id, system',
    primary: false,
    old: 'domain_id, system',
  },
  {
    table: 'check_history',
    name: 'check_history_pkey',
    columns: 'organization_id, id',
    primary: true,
    old: 'id',
  },
  {
    table: 'domain_group_domains',
    name: 'domain_group_domains_pkey',
    columns: 'organization_id, group_id, domain_id',
    primary: true,
    old: 'group_id, domain_id',
  },
  {
    table: 'user_domains',
    name: 'user_domains_pkey',
    columns: 'organization_id, user_id, domain_id',
    primary: true,
    old: 'user_id, domain_id',
  },
];

type ForeignKey = { table: string; name: string; column: string; parent: string; action: string };

/** Every single-column foreign key to domains(id) or domain_groups(id), including other migrations' ones. */
async function keysToParents(db: Kysely<unknown>): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select conrelid::regclass::text as table, conname as name, confrelid::regclass::text as parent,
           (select a.attname from pg_attribute a where a.attrelid = conrelid and a.attnum = conkey[1]) as column,
           case confdeltype when 'c' then 'cascade' when 'r' then 'restrict' when 'n' then 'set null'
             else 'no action' end as action
      from pg_constraint
     where contype = 'f' and connamespace = (select oid from pg_namespace where nspname = current_schema())
       and confrelid::regclass::text in ('domains', 'domain_groups') and cardinality(conkey) = 1
     order by 1, 2`.execute(db);
  return rows;
}

const exec = (db: Kysely<unknown>, text: string) => sql.raw(text).execute(db);

const reportTables = ['dmarc_reports', 'tls_reports', 'failure_reports'];
const reportKey = 'org_name, report_id, domain, begin_date, end_date';

async function reportKeys(db: Kysely<unknown>, perOrganization: boolean) {
  for (const table of reportTables) {
    await exec(db, `drop index ${table}_key`);
    await exec(
      db,
      perOrganization
        ? `create unique index ${table}_key on ${table} (organization_id, ${reportKey}) nulls not distinct`
        : `create unique index ${table}_key on ${table} (${reportKey})`,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const c of children) {
    await exec(db, `alter table ${c.table} add column organization_id bigint`);
    await exec(
      db,
      `update ${c.table} x set organization_id = p.organization_id from ${c.parent} p where p.id = x.${c.via}`,
    );
    await exec(db, `alter table ${c.table} alter column organization_id set not null`);
  }
  // Every foreign key to a domain or a group (domain_group_domains names both: a group of another
  // organization than the domain's is refused) is dropped, the parents re-keyed, the keys re-made with
  // organization_id.
  const fks = await keysToParents(db);
  for (const fk of fks) await exec(db, `alter table ${fk.table} drop constraint ${fk.name}`);
  for (const parent of ['domains', 'domain_groups']) {
    await exec(
      db,
      `alter table ${parent} drop constraint ${parent}_pkey,
         add constraint ${parent}_pkey primary key (organization_id, id)`,
    );
    // Lookups by id alone (a domain's page, a group's edit) stay indexed.
    await exec(db, `create index ${parent}_id_idx on ${parent} (id)`);
  }
  for (const k of childKeys) {
    await exec(
      db,
      `alter table ${k.table} drop constraint ${k.name},
         add constraint ${k.name} ${k.primary ? 'primary key' : 'unique'} (${k.columns})`,
    );
  }
  for (const fk of fks) {
    await exec(
      db,
      // ON DELETE SET NULL clears only the parent's id: the row keeps its organization (PostgreSQL 15).
      `alter table ${fk.table} add constraint ${fk.name} foreign key (organization_id, ${fk.column})
         references ${fk.parent} (organization_id, id)
         on delete ${fk.action === 'set null' ? `set null (${fk.column})` : fk.action}`,
    );
  }
  await reportKeys(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Copies of one report held by several organizations cannot all stay under the old key: the oldest stays.
  for (const table of reportTables)
    await exec(
      db,
      `delete from ${table} x using ${table} y
        where (x.${reportKey.split(', ').join(', x.')}) = (y.${reportKey.split(', ').join(', y.')}) and x.id > y.id`,
    );
  await reportKeys(db, false);
  const fks = await keysToParents(db);
  const composite = await sql<ForeignKey>`
    select conrelid::regclass::text as table, conname as name, confrelid::regclass::text as parent,
           (select a.attname from pg_attribute a where a.attrelid = conrelid and a.attnum = conkey[2]) as column,
           case confdeltype when 'c' then 'cascade' when 'r' then 'restrict' when 'n' then 'set null'
             else 'no action' end as action
      from pg_constraint
     where contype = 'f' and connamespace = (select oid from pg_namespace where nspname = current_schema())
       and confrelid::regclass::text in ('domains', 'domain_groups') and cardinality(conkey) = 2`.execute(db);
  for (const fk of [...fks, ...composite.rows])
    await exec(db, `alter table ${fk.table} drop constraint ${fk.name}`);
  for (const k of childKeys) {
    await exec(
      db,
      `alter table ${k.table} drop constraint ${k.name},
         add constraint ${k.name} ${k.primary ? 'primary key' : 'unique'} (${k.old})`,
    );
  }
  for (const parent of ['domains', 'domain_groups']) {
    await exec(db, `drop index ${parent}_id_idx`);
    await exec(
      db,
      `alter table ${parent} drop constraint ${parent}_pkey, add constraint ${parent}_pkey primary key (id)`,
    );
  }
  for (const fk of composite.rows) {
    await exec(
      db,
      `alter table ${fk.table} add constraint ${fk.name} foreign key (${fk.column})
         references ${fk.parent} (id) on delete ${fk.action}`,
    );
  }
  for (const c of children) await exec(db, `alter table ${c.table} drop column organization_id`);
}
