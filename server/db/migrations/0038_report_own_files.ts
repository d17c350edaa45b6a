import { createHash } from 'node:crypto';
import { constants, gunzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { parseReportFile } from '../../dmarc/parse-report-file';
import { reportKey } from '../../dmarc/report-key';
import { sniff } from '../../dmarc/sniff';
import type { Report } from '../../dmarc/types';
import { cleanText } from '../../ingest/clean';

// Each report keeps its own bytes (docs/INGESTION.md, "What bytes are stored per report"). Before, every
// report pointed at the whole file it arrived in, so a zip or an e-mail carrying reports of two
// organizations was served whole to both. `received_file_id` now keeps the file as received (for the
// operator, never served) and `file_id` the report's own bytes. For stored reports whose file is an archive
// or an e-mail, the file is parsed again and each report gets its own part; a report that cannot be found
// in its file again loses its file_id (no download) rather than keep another organization's bytes.
// Uses the parser as it is when the migration runs: what matters is that no report keeps a shared file.

const tables = { dmarc_reports: 'aggregate', tls_reports: 'tls', failure_reports: 'failure' } as const;
type Table = keyof typeof tables;

const keyOf = (kind: string, orgName: string, reportId: string, domain: string) =>
  JSON.stringify([kind, orgName, reportId, domain]);

const storedKey = (report: Report) => {
  const k = reportKey(report);
  return keyOf(k.kind, cleanText(k.orgName), cleanText(k.reportId), cleanText(k.domain.toLowerCase()));
};

/** Whether a file may hold more than one report: an archive or an e-mail, also inside gzip. */
function mayHoldSeveral(head: Buffer, depth = 0): boolean {
  const format = sniff(head);
  if (format === 'zip' || format === 'email') return true;
  if (format !== 'gzip' || depth > 2) return false;
  try {
    const inner = gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: 4096 });
    return mayHoldSeveral(inner, depth + 1);
  } catch {
    // A head that does not inflate: look at the whole file to be safe.
    return true;
  }
}

type FileRow = { id: number; source: string };

async function splitFile(db: Kysely<unknown>, file: FileRow): Promise<void> {
  const { rows } = await sql<{ content: Buffer }>`select content from report_files
    where id = ${file.id}`.execute(db);
  const outcome = await parseReportFile(Buffer.from(rows[0].content), { keepParts: true });
  const parts = new Map<string, { name: string; bytes: Buffer } | null>();
  if (outcome.ok) outcome.reports.forEach((r, i) => parts.set(storedKey(r), outcome.parts?.[i] ?? null));
  for (const [table, kind] of Object.entries(tables) as [Table, string][]) {
    const { rows: reports } = await sql<{ id: number; org_name: string; report_id: string; domain: string }>`
      select id, org_name, report_id, domain from ${sql.table(table)} where file_id = ${file.id}`.execute(db);
    for (const r of reports) {
      const key = keyOf(kind, r.org_name, r.report_id, r.domain);
      if (!parts.has(key)) {
        await sql`update ${sql.table(table)} set file_id = null where id = ${r.id}`.execute(db);
        continue;
      }
      const part = parts.get(key);
      if (!part) continue; // the file is this report's own document
      const digest = createHash('sha256').update(part.bytes).digest('hex');
      const { rows: saved } = await sql<{ id: number }>`insert into report_files
          (sha256, name, size, content, source)
        values (${digest}, ${cleanText(part.name).slice(0, 255) || 'report'}, ${part.bytes.length},
          ${part.bytes}, ${file.source})
        on conflict (sha256) do update set sha256 = excluded.sha256
        returning id`.execute(db);
      await sql`update ${sql.table(table)} set file_id = ${saved[0].id} where id = ${r.id}`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key: like the record keys since 0032_ingest_keys, it would cost every stored report a check
  // and every purged file a scan; retention deletes only files that no report points at either way.
  for (const table of Object.keys(tables)) {
    await sql`alter table ${sql.table(table)} add column received_file_id integer`.execute(db);
    await sql`update ${sql.table(table)} set received_file_id = file_id`.execute(db);
    await sql`create index ${sql.raw(`${table}_file_0038`)} on ${sql.table(table)} (file_id)`.execute(db);
  }
  // Files a report points at, a batch at a time by id, looking only at their first 4 KB to pick archives
  // and e-mails; the files written below get higher ids and are not parsed again.
  const { rows: top } = await sql<{ max: number | null }>`select max(id) as max from report_files`.execute(
    db,
  );
  const last = Number(top[0].max ?? 0);
  for (let after = 0; after < last;) {
    const { rows } = await sql<FileRow & { head: Buffer }>`select id, source,
        substring(content from 1 for 4096) as head
      from report_files where id > ${after} and id <= ${last} order by id limit 200`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (mayHoldSeveral(Buffer.from(row.head))) await splitFile(db, row);
    }
    after = rows[rows.length - 1].id;
  }
  // The index only served the look-ups above.
  for (const table of Object.keys(tables)) await sql`drop index ${sql.raw(`${table}_file_0038`)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(tables)) {
    await sql`update ${sql.table(table)} set file_id = received_file_id
      where received_file_id is not null`.execute(db);
    await sql`alter table ${sql.table(table)} drop column received_file_id`.execute(db);
  }
}
