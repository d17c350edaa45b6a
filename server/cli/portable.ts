import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { exportDatabase } from '../db/portable/export';
import { importDatabase } from '../db/portable/import';
import { UsageError } from './errors';

// msas export <file> / msas import-db <file>: the whole database in a portable file, to move it between
// PGlite and PostgreSQL (docs/SCALING.md). The job queue is not part of it (its jobs are transient).

function fileArg(command: string, args: string[]): string {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageError(`usage: msas ${command} <file>`);
  return path.resolve(args[0]!);
}

export const exportFileArg = (args: string[]) => fileArg('export', args);
export function importFileArg(args: string[]): string {
  const file = fileArg('import-db', args);
  if (!fs.existsSync(file)) throw new UsageError(`${file} does not exist`);
  return file;
}

export async function exportCommand(db: Db, file: string, print: (l: string) => void): Promise<number> {
  const s = await exportDatabase(db, file);
  print(`msas: exported ${s.rows} rows of ${s.tables} tables (migration ${s.migration}) to ${file}`);
  return 0;
}

export async function importCommand(db: Db, file: string, print: (l: string) => void): Promise<number> {
  const s = await importDatabase(db, file);
  print(`msas: imported ${s.rows} rows of ${s.tables} tables from ${file}`);
  return 0;
}
