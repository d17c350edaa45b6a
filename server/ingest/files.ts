import { createHash } from 'node:crypto';
import type { Db } from '../db/database';
import type { IncomingFile } from './types';
import { cleanText } from './clean';

// Files kept as bytea, de-duplicated by SHA-256: the file as received (for the operator) and, when it is not
// the report's own document, each report's own bytes (served to its organization; docs/INGESTION.md).
// Written in the same transaction as the report that first needs them, so a rolled-back report leaves no
// orphan file behind.

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function saveOriginalFile(trx: Db, file: IncomingFile, digest: string): Promise<number> {
  const inserted = await trx
    .insertInto('report_files')
    .values({
      sha256: digest,
      name: cleanText(file.name).slice(0, 255) || 'report',
      size: file.bytes.length,
      content: file.bytes,
      source: file.source,
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await trx
    .selectFrom('report_files')
    .select('id')
    .where('sha256', '=', digest)
    .executeTakeFirstOrThrow();
  return existing.id;
}
