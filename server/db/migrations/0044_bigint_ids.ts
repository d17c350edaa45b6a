import { sql, type Kysely } from 'kysely';

// Bigint identities (docs/SCALING.md, "Citus"): a distributed database hands out ids across nodes and years
// of reports, where int4's 2^31 runs out. Every serial id becomes bigint, with every column that holds one
// (foreign keys and the id columns that point at rows without a constraint: dmarc_records.report_id,
// received_file_id, the summaries' organization_id), and each sequence becomes a bigint sequence so it can
// pass 2^31. The database layer reads int8 as a JavaScript number (server/db/int8.ts).
//
// Converted in place from the catalog: each table's columns change in one ALTER TABLE (one rewrite); on a
// partitioned table (0042) the change goes down to every partition. Rewriting dmarc_records takes time in
// proportion to its rows (docs/SCALING.md).

type IdColumn = { table: string; column: string };

/** The columns of this schema that hold a row's id: named id or *_id, or in a foreign key. */
async function idColumns(db: Kysely<unknown>, type: 'int4' | 'int8'): Promise<Map<string, string[]>> {
  const { rows } = await sql<IdColumn>`
    select c.relname as table, a.attname as column
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
       and a.attnum > 0 and not a.attisdropped and a.atttypid = ${type}::regtype
       and (a.attname = 'id' or a.attname like '%\\_id'
            or exists (select 1 from pg_constraint f where f.contype = 'f' and f.conrelid = c.oid
                          and a.attnum = any(f.conkey)))
     order by 1, 2`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.table, [...(byTable.get(r.table) ?? []), r.column]);
  return byTable;
}

async function retype(db: Kysely<unknown>, from: 'int4' | 'int8', to: 'bigint' | 'integer') {
  for (const [table, columns] of await idColumns(db, from)) {
    const changes = columns.map((c) => sql`alter column ${sql.id(c)} type ${sql.raw(to)}`);
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db);
  }
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_sequence s join pg_class c on c.oid = s.seqrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and s.seqtypid = ${from}::regtype`.execute(db);
  for (const s of rows) await sql`alter sequence ${sql.table(s.name)} as ${sql.raw(to)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await retype(db, 'int4', 'bigint');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await retype(db, 'int8', 'integer');
}
