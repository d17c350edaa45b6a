import { sql } from 'kysely';
import type { Db } from '../database';

// What export and import-db read from the catalog of the database's own schema (the first of search_path).
// The job queue's schema (pg-boss) is not part of it: its jobs are transient and workers re-create it.

/** Kysely's bookkeeping: compared between the two databases, never copied. */
const migrationTables = new Set(['kysely_migration', 'kysely_migration_lock']);

export type TableColumns = { table: string; columns: string[] };

/** Every ordinary table of the schema in name order, with its stored (not generated) columns. */
export async function dataTables(db: Db): Promise<TableColumns[]> {
  const { rows } = await sql<{ table: string; columns: string[] }>`
    select c.relname as table,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname
     order by c.relname`.execute(db);
  return rows.filter((r) => !migrationTables.has(r.table));
}

/** The names of the applied migrations, in order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

export type SequenceState = { name: string; last_value: string; is_called: boolean };

/** The schema's sequences (serial columns and any other), read from the sequences themselves. */
export async function sequenceNames(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'S' order by 1`.execute(db);
  return rows.map((r) => r.name);
}

export async function sequenceState(db: Db, name: string): Promise<SequenceState> {
  const { rows } = await sql<{ last_value: string; is_called: boolean }>`
    select last_value::text as last_value, is_called from ${sql.table(name)}`.execute(db);
  return { name, ...rows[0]! };
}

export type OwnedSequence = { table: string; column: string; sequence: string };

/** The sequences behind identity and serial columns, with the column each one numbers. */
export async function ownedSequences(db: Db): Promise<OwnedSequence[]> {
  const { rows } = await sql<OwnedSequence>`
    select t.relname as table, a.attname as column, s.relname as sequence
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       and d.deptype in ('a', 'i') and n.nspname = current_schema() and not t.relispartition
     order by 1, 2`.execute(db);
  return rows;
}

export type ForeignKey = { table: string; name: string; definition: string };

export async function foreignKeys(db: Db): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
      from pg_constraint
     where contype = 'f' and connamespace = (select oid from pg_namespace where nspname = current_schema())
       -- a partition's copy of its parent's key goes and comes back with the parent's
       and conparentid = 0
     order by 1, 2`.execute(db);
  return rows;
}
