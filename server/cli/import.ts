import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { ingestFile, rejected } from '../ingest/ingest-file';
import type { FileResult } from '../ingest/types';

// msas import <files or folders...> [--json]: every file (folders walked, sorted) imported on its own.
// One line per input file; the exit code is non-zero only when something went wrong inside msas (the
// database, a bug), never because a file was not a report.

export type ImportSummary = { results: FileResult[]; internalErrors: number };

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
  return `${r.status.padEnd(9)} ${r.file}: ${what}${counts}`;
};

export async function importFiles(
  db: Db,
  inputs: string[],
  options: { json: boolean; print: (line: string) => void; printError: (line: string) => void },
): Promise<ImportSummary> {
  const results: FileResult[] = [];
  const emit = (r: FileResult) => {
    results.push(r);
    options.print(options.json ? JSON.stringify(r) : plain(r));
  };
  let internalErrors = 0;
  for (const { path: file, missing } of expand(inputs)) {
    if (missing) {
      emit(rejected(file, 'No such file or directory'));
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(file);
    } catch (e) {
      emit(rejected(file, `Cannot read the file: ${(e as Error).message}`));
      continue;
    }
    try {
      emit((await ingestFile(db, { name: file, bytes, source: 'cli' })).result);
    } catch (e) {
      internalErrors += 1;
      options.printError(`msas: internal error while importing ${file}: ${(e as Error).message}`);
    }
  }
  return { results, internalErrors };
}
