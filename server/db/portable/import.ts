import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '../database';
import { appliedMigrations, dataTables, foreignKeys, ownedSequences, sequenceState } from './catalog';
import { formatName, formatVersion, isMarker, type Marker, type TableStart } from './format';
import { ensureMonths, partitionedTables } from '../partitions';

const batchSize = 1000;

/**
 * Filled by the migrations themselves (the sender catalogue and its snapshot networks, 0030 and 0052):
 * replaced by the export's rows.
 */
const seededByMigrations = new Set(['email_senders', 'email_sender_networks']);

export class ImportRefused extends Error {
  override name = 'ImportRefused';
}

export type ImportSummary = { tables: number; rows: number };

async function* readLines(file: string): AsyncGenerator<string> {
  const input = fs.createReadStream(file).pipe(createGunzip());
  for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) if (line) yield line;
}

async function refuseUnlessEmpty(db: Db): Promise<void> {
  const filled: string[] = [];
  for (const { table } of await dataTables(db)) {
    if (seededByMigrations.has(table)) continue;
    const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length > 0) filled.push(table);
  }
  if (filled.length > 0)
    throw new ImportRefused(
      `the target database is not empty (${filled.join(', ')} hold rows): import-db only fills a new database`,
    );
}

function refuseOtherVersion(header: Marker | undefined, target: string[]): string[] {
  if (!header || header.$ !== formatName) throw new ImportRefused('the file is not an msas export');
  if (header.version !== formatVersion)
    throw new ImportRefused(
      `the export is format version ${header.version}; this msas reads ${formatVersion}`,
    );
  const theirs = header.migrations.at(-1) ?? 'none';
  const ours = target.at(-1) ?? 'none';
  if (header.migrations.join() !== target.join())
    throw new ImportRefused(
      `the export is at migration ${theirs}, the target database at ${ours}: ` +
        'export and import with the same msas version (run `msas migrate` on the source first)',
    );
  return header.migrations;
}

async function insertBatch(db: Db, table: TableStart, lines: string[]): Promise<void> {
  // Monthly partitions exist only for the months written so far: make the batch's months first.
  if ((partitionedTables as readonly string[]).includes(table.name))
    await ensureMonths(
      db,
      lines.map((line) => String((JSON.parse(line) as { day: unknown }).day).slice(0, 10)),
    );
  const cols = sql.join(table.columns.map((c) => sql.id(c)));
  // The rows keep their ids: an identity column made `generated always` takes a given value only when
  // told to (PostgreSQL manual, INSERT: OVERRIDING SYSTEM VALUE; a table without one ignores it).
  await sql`insert into ${sql.table(table.name)} (${cols}) overriding system value
            select ${cols} from json_populate_recordset(null::${sql.table(table.name)}, ${`[${lines.join(',')}]`}::json)`.execute(
    db,
  );
}

/**
 * Every identity and serial sequence continues past the largest value its column holds, whatever state the
 * file gave it: rows that came with their ids must not meet those ids again.
 */
async function continuePastRows(db: Db): Promise<void> {
  for (const o of await ownedSequences(db)) {
    const { rows } = await sql<{ max: string | null }>`
      select max(${sql.id(o.column)})::text as max from ${sql.table(o.table)}`.execute(db);
    const max = rows[0]?.max;
    if (max == null) continue;
    const now = await sequenceState(db, o.sequence);
    if (now.is_called && BigInt(now.last_value) >= BigInt(max)) continue;
    await sql`select setval(${o.sequence}::regclass, ${max}::bigint, true)`.execute(db);
  }
}

/**
 * Loads an export into an empty database of the same migration version, in one transaction: the foreign
 * keys are dropped for the load and re-created at its end (which checks every row), user triggers are off
 * (the export already holds what they derive), and the sequences continue where the source's stood.
 */
export async function importDatabase(db: Db, file: string): Promise<ImportSummary> {
  const lines = readLines(file);
  const first = await lines.next();
  const header = first.done ? undefined : (JSON.parse(first.value) as Marker);
  refuseOtherVersion(header, await appliedMigrations(db));
  return db.transaction().execute(async (trx) => {
    // Other processes wait for the load rather than see part of it or write between the check and the load.
    const tables = await dataTables(trx);
    for (const { table } of tables)
      await sql`lock table ${sql.table(table)} in access exclusive mode`.execute(trx);
    await refuseUnlessEmpty(trx);
    const known = new Map(tables.map((t) => [t.table, t.columns.join()]));
    const keys = await foreignKeys(trx);
    for (const k of keys)
      await sql`alter table ${sql.table(k.table)} drop constraint ${sql.id(k.name)}`.execute(trx);
    for (const { table } of tables) {
      await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
      if (seededByMigrations.has(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    let current: TableStart | undefined;
    let batch: string[] = [];
    let rows = 0;
    let tableRows = 0;
    let loaded = 0;
    let ended = false;
    const flush = async () => {
      if (current && batch.length) await insertBatch(trx, current, batch);
      rows += batch.length;
      batch = [];
    };
    for await (const line of lines) {
      if (ended) throw new ImportRefused('the file goes on after its end marker');
      if (!isMarker(line)) {
        if (!current) throw new ImportRefused('the file has a row outside of any table');
        batch.push(line);
        tableRows += 1;
        if (batch.length >= batchSize) await flush();
        continue;
      }
      const m = JSON.parse(line) as Marker;
      if (m.$ === 'table') {
        if (known.get(m.name) !== m.columns.join())
          throw new ImportRefused(`table ${m.name} in the file does not match the target's columns`);
        current = m;
        tableRows = 0;
        loaded += 1;
      } else if (m.$ === 'end-table') {
        await flush();
        if (m.name !== current?.name || tableRows !== m.rows)
          throw new ImportRefused(
            `table ${m.name}: the file announces ${m.rows} rows but holds ${tableRows}`,
          );
        current = undefined;
      } else if (m.$ === 'sequences') {
        for (const s of m.sequences)
          await sql`select setval(${s.name}::regclass, ${s.last_value}::bigint, ${s.is_called})`.execute(trx);
      } else if (m.$ === 'end') {
        if (m.tables !== loaded)
          throw new ImportRefused(`the file announces ${m.tables} tables, it held ${loaded}`);
        ended = true;
      }
    }
    if (!ended) throw new ImportRefused('the file ends early (no end marker): it is incomplete');
    await continuePastRows(trx);
    for (const { table } of tables)
      await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
    for (const k of keys)
      await sql`alter table ${sql.table(k.table)} add constraint ${sql.id(k.name)} ${sql.raw(k.definition)}`.execute(
        trx,
      );
    return { tables: loaded, rows };
  });
}
