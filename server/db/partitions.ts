import { sql, type Kysely } from 'kysely';

// Monthly partitions of the tables that grow with every report (migration 0042_partitioned_history):
// dmarc_records and dmarc_rollups, both partitioned by range on `day` (the UTC day of the report's begin, the
// day its rollups carry). A month is one unit: both tables get their partition of a month together and lose
// it together (server/ingest/retention.ts), so a path that writes a month's records finds its rollups'
// partition there too.
//
// No default partition. A row of a month without a partition fails its statement (SQLSTATE 23514, "no
// partition of relation ... found for row"); ingestion creates the months it is about to write first
// (ensureMonths) and, when a partition vanished under it (retention dropped the month in another process),
// forgets what it knew and retries. A default partition would instead collect such rows silently, and then
// PostgreSQL refuses to create that month's partition while the default holds rows of it, and scans the
// default each time any partition is created.

export const partitionedTables = ['dmarc_records', 'dmarc_rollups'] as const;
export type PartitionedTable = (typeof partitionedTables)[number];

/** 'YYYY-MM-01' of a 'YYYY-MM-DD' day. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/** 'YYYY-MM-01' of the month after `month`. */
export function nextMonth(month: string): string {
  const d = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

export const partitionName = (table: PartitionedTable, month: string): string =>
  `${table}_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])-01$/;

export type Partition = { table: PartitionedTable; name: string; from: string; to: string };

/** Every partition of the two tables with its bounds (from inclusive, to exclusive), oldest first. */
export async function listPartitions<DB>(db: Kysely<DB>): Promise<Partition[]> {
  const { rows } = await sql<{ parent: string; name: string; bound: string }>`
    select p.relname as parent, c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where i.inhparent in (to_regclass('dmarc_records'), to_regclass('dmarc_rollups'))`.execute(db);
  const out: Partition[] = [];
  for (const r of rows) {
    const m = /FROM \('(\d{4}-\d{2}-\d{2})'\) TO \('(\d{4}-\d{2}-\d{2})'\)/.exec(r.bound);
    if (m) out.push({ table: r.parent as PartitionedTable, name: r.name, from: m[1], to: m[2] });
  }
  return out.sort((a, b) => a.from.localeCompare(b.from) || a.table.localeCompare(b.table));
}

/** Creates the month's partition of each table that lacks it. The caller holds partitionLock. */
export async function createMonth<DB>(db: Kysely<DB>, month: string, have: Partition[]): Promise<void> {
  if (!monthPattern.test(month)) throw new Error(`Not the first day of a month: ${month}`);
  for (const table of partitionedTables) {
    if (have.some((p) => p.table === table && p.from === month)) continue;
    // Bounds are literals (DDL takes no parameters), checked by monthPattern above.
    await sql`create table ${sql.id(partitionName(table, month))} partition of ${sql.table(table)}
      for values from (${sql.lit(month)}) to (${sql.lit(nextMonth(month))})`.execute(db);
  }
}

/** Serialises creating and dropping partitions between processes (held to the end of the transaction). */
export const partitionLock = sql`select pg_advisory_xact_lock(hashtext('msas.partitions'))`;

// Months known to have both partitions, per database object, so a batch of a month already seen costs no
// query. A month dropped since by another process is found by the insert failing (missingPartition).
const knownByDb = new WeakMap<object, Set<string>>();

const knownMonths = (db: object): Set<string> => {
  let known = knownByDb.get(db);
  if (known === undefined) knownByDb.set(db, (known = new Set()));
  return known;
};

/** After a write failed for want of a partition: look again next time. */
export const forgetMonths = (db: object): void => knownByDb.get(db)?.clear();

/** Whether an error is PostgreSQL's "no partition of relation ... found for row". */
export function missingPartition(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  return err?.code === '23514' && /no partition of relation/.test(String(err.message));
}

/**
 * Makes sure both tables have a partition for the month of each day ('YYYY-MM-DD') about to be written. In
 * its own short transaction when `db` is not one (ingestion calls it before its batch transaction, so the
 * lock that creating a partition takes on its parent ends at once), else in the caller's.
 */
export async function ensureMonths<DB>(db: Kysely<DB>, days: Iterable<string>): Promise<void> {
  const known = knownMonths(db);
  const missing = [...new Set([...days].map(monthOf))].filter((m) => !known.has(m)).sort();
  if (missing.length === 0) return;
  const run = async (trx: Kysely<DB>) => {
    let have = await listPartitions(trx);
    const complete = (m: string) =>
      partitionedTables.every((t) => have.some((p) => p.table === t && p.from === m));
    if (missing.every(complete)) return;
    await partitionLock.execute(trx);
    have = await listPartitions(trx);
    for (const month of missing) await createMonth(trx, month, have);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
  for (const month of missing) known.add(month);
}
