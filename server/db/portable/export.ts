import fs from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Db } from '../database';
import { appliedMigrations, dataTables, sequenceNames, sequenceState } from './catalog';
import { formatName, formatVersion, type Marker } from './format';

const fetchSize = 2000;

export type ExportSummary = { tables: number; rows: number; migration: string };

/**
 * Writes every table of the database to `file` (format.ts) from one repeatable-read snapshot, so the
 * export is consistent while other processes keep writing. Rows go out in batches through a cursor.
 */
export async function exportDatabase(db: Db, file: string): Promise<ExportSummary> {
  // Never over an existing file: a failed export removes what it wrote, and only that.
  if (fs.existsSync(file)) throw new Error(`${file} already exists: choose a new file name`);
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip(), fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  const put = async (text: string) => {
    if (!lines.write(`${text}\n`)) await once(lines, 'drain');
  };
  const mark = (m: Marker) => put(JSON.stringify(m));
  let rows = 0;
  let tableCount = 0;
  let migration = 'none';
  try {
    await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const applied = await appliedMigrations(trx);
        migration = applied.at(-1) ?? 'none';
        await mark({
          $: formatName,
          version: formatVersion,
          migrations: applied,
          created_at: new Date().toISOString(),
        });
        const tables = await dataTables(trx);
        for (const { table, columns } of tables) {
          await mark({ $: 'table', name: table, columns });
          const cols = sql.join(columns.map((c) => sql.id(c)));
          await sql`declare msas_export no scroll cursor for
                      select row_to_json(x)::text as line from (select ${cols} from ${sql.table(table)}) x`.execute(
            trx,
          );
          let n = 0;
          for (;;) {
            const batch = await sql<{
              line: string;
            }>`fetch ${sql.raw(String(fetchSize))} from msas_export`.execute(trx);
            for (const r of batch.rows) await put(r.line);
            n += batch.rows.length;
            if (batch.rows.length < fetchSize) break;
          }
          await sql`close msas_export`.execute(trx);
          await mark({ $: 'end-table', name: table, rows: n });
          rows += n;
        }
        const sequences = [];
        for (const name of await sequenceNames(trx)) sequences.push(await sequenceState(trx, name));
        await mark({ $: 'sequences', sequences });
        await mark({ $: 'end', tables: tables.length });
        tableCount = tables.length;
      });
    lines.end();
    await written;
  } catch (e) {
    lines.destroy(e as Error);
    await written.catch(() => {});
    fs.rmSync(file, { force: true });
    throw e;
  }
  return { tables: tableCount, rows, migration };
}
