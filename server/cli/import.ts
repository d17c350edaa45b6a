import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { rejected } from '../ingest/ingest-file';
import { ingestMany, manyDefaults, type ManyItem } from '../ingest/ingest-many';
import { retentionLookup, withRetentionNote } from '../ingest/retention-note';
import type { FileResult, IncomingFile } from '../ingest/types';

// msas import <files or folders...> [--json]: every file (folders walked, sorted) goes through ingestMany,
// which reads and parses ahead and stores small reports in batched transactions. One line per input file,
// printed in input order; the exit code is non-zero only when something went wrong inside msas (the
// database, a bug), never because a file was not a report.

export type ImportSummary = { results: FileResult[]; internalErrors: number };

export type ImportOptions = {
  json: boolean;
  print: (line: string) => void;
  printError: (line: string) => void;
  /** Batches in flight; PGlite has one connection, so more than 1 only helps on PostgreSQL. */
  concurrency?: number;
  /** The clock retention is counted from (tests fix it). */
  now?: Date;
};

/** Files in the order given, folders expanded in name order; a path that does not exist is kept as missing. */
function expand(inputs: string[]): { path: string; missing: boolean }[] {
  const out: { path: string; missing: boolean }[] = [];
  const walk = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) out.push({ path: p, missing: true });
    else if (stat.isDirectory()) for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name));
    else if (stat.isFile()) out.push({ path: p, missing: false });
  };
  for (const input of inputs) walk(input);
  return out;
}

const plain = (r: FileResult) => {
  const what = r.status === 'rejected' ? r.reason : `${r.kind} report ${r.report_id} from ${r.org_name}`;
  const counts =
    r.status === 'rejected' ? '' : ` for ${r.domain} (${r.records} records, ${r.messages} messages)`;
  return `${r.status.padEnd(9)} ${r.file}: ${what}${counts}${retentionText(r)}`;
};

/** The retention clause of a result line: the reader learns what happens to old reports (retention-note.ts). */
function retentionText(r: FileResult): string {
  const note = r.retention;
  if (!note) return '';
  if (note.expired)
    return `; not kept: older than the ${note.days}-day retention, removed by the next retention run`;
  if (note.held) return `; held until ${note.kept_until}: no organization has verified ${r.domain} yet`;
  return `; kept until ${note.kept_until} (${note.days}-day retention)`;
}

export async function importFiles(db: Db, inputs: string[], options: ImportOptions): Promise<ImportSummary> {
  const files = expand(inputs);
  const results: FileResult[] = [];
  let internalErrors = 0;
  const internalError = (what: string, e: unknown) => {
    internalErrors += 1;
    options.printError(`msas: internal error while importing ${what}: ${(e as Error)?.message ?? String(e)}`);
  };

  // Results arrive in completion order; slots put the lines back in input order. A slot is settled with a
  // result, or with null when the file had an internal error (no line: the error went to stderr).
  const slots: (FileResult | null | undefined)[] = new Array(files.length).fill(undefined);
  let printed = 0;
  const flush = () => {
    for (; printed < files.length && slots[printed] !== undefined; printed++) {
      const r = slots[printed];
      if (!r) continue;
      results.push(r);
      options.print(options.json ? JSON.stringify(r) : plain(r));
    }
  };
  const settle = (index: number, r: FileResult | null) => {
    slots[index] = r;
    flush();
  };

  // The same path may be given twice: its results go to its slots in order.
  const waiting = new Map<string, number[]>();
  async function* read(): AsyncGenerator<IncomingFile> {
    for (const [index, { path: file, missing }] of files.entries()) {
      if (missing) {
        settle(index, rejected(file, 'No such file or directory'));
        continue;
      }
      let bytes: Buffer;
      try {
        // Synchronously: fs.promises.readFile takes several thread-pool round trips a file, ~10% of Node's
        // CPU for a folder of small reports (npm run bench:ingest); the CLI serves nothing meanwhile.
        bytes = fs.readFileSync(file);
      } catch (e) {
        settle(index, rejected(file, `Cannot read the file: ${(e as Error).message}`));
        continue;
      }
      const queue = waiting.get(file) ?? [];
      queue.push(index);
      waiting.set(file, queue);
      yield { name: file, bytes, source: 'cli' };
    }
  }

  const retention = retentionLookup(db);
  const now = options.now ?? new Date();
  const onFile = async (item: ManyItem) => {
    const queue = waiting.get(item.file);
    const index = queue?.shift();
    if (index === undefined) return; // not one of ours: ingestMany only returns the names it was given
    if (queue!.length === 0) waiting.delete(item.file);
    if (item.result) settle(index, await withRetentionNote(item.result, item.reports, retention, now));
    else {
      internalError(item.file, item.error);
      settle(index, null);
    }
  };

  try {
    // Same defaults as the benchmark: batches in flight only help on PostgreSQL (DATABASE_URL, as the
    // runtime opened it); on PGlite they would wait for its single connection.
    const defaults = process.env.DATABASE_URL ? manyDefaults.postgres : manyDefaults.pglite;
    await ingestMany(
      db,
      read(),
      { ...defaults, concurrency: options.concurrency ?? defaults.concurrency },
      onFile,
    );
  } catch (e) {
    // Not one file's storage error but the pipeline stopping (a bug, the database gone): files not
    // reported yet get no line.
    internalError('the files', e);
    for (let i = 0; i < files.length; i++) if (slots[i] === undefined) slots[i] = null;
    flush();
  }
  return { results, internalErrors };
}
