import type { Db } from '../db/database';
import { createParsePool } from '../dmarc/parse-pool';
import { fileResult, parseIncoming, type ParsedOutcome } from './ingest-file';
import { storeBatch } from './store-batch';
import type { FileResult, IncomingFile, IngestOptions, StoredReport } from './types';

// Many files (a folder on the CLI, the benchmark): a pipeline in which files are read and parsed ahead
// (up to `prefetch`) while earlier ones are written, and small reports are grouped into one transaction of
// up to `batchReports` reports / `batchRecords` records (each report still all or nothing: store-batch.ts),
// with `concurrency` batches in flight (PGlite has one connection: use 1). Memory stays bounded by
// prefetch (in files and in bytes) + concurrency batches whatever the number of files. Results arrive in completion order.

export type ManyOptions = IngestOptions & {
  concurrency?: number;
  prefetch?: number;
  batchReports?: number;
  batchRecords?: number;
  /** Worker threads that parse (0: parse on the main thread). */
  parseWorkers?: number;
  /** Bytes of files read ahead and not yet taken into a batch (default 64 MB); at least one file is read. */
  aheadBytes?: number;
};

export type ManyItem =
  | { file: string; result: FileResult; reports: StoredReport[]; error?: undefined }
  | { file: string; error: unknown; result?: undefined; reports?: undefined };

type Ahead = { promise: Promise<ParsedOutcome | null>; bytes: number };

/**
 * Defaults measured with npm run bench:ingest (docs/PERFORMANCE.md). PGlite has one connection (a second
 * batch in flight would only wait for it). On PostgreSQL, 32 files read ahead: with 8, four batches in
 * flight held ~1.4 reports each and cost the server more; with 32 and one statement per batch, four in
 * flight keep both cores busier than two (one batch's backend waits for another's commit on shared rollup
 * rows).
 */
export const manyDefaults = {
  postgres: { concurrency: 4, prefetch: 32, batchReports: 32, batchRecords: 20_000 },
  pglite: { concurrency: 1, prefetch: 32, batchReports: 32, batchRecords: 20_000 },
} as const satisfies Record<string, ManyOptions>;

export async function ingestMany(
  db: Db,
  files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
  options: ManyOptions,
  onFile: (item: ManyItem) => void | Promise<void>,
): Promise<void> {
  const iterator =
    Symbol.asyncIterator in files
      ? files[Symbol.asyncIterator]()
      : (files as Iterable<IncomingFile>)[Symbol.iterator]();
  const defaults = manyDefaults.pglite;
  const prefetch = Math.max(1, options.prefetch ?? defaults.prefetch);
  const maxReports = options.batchReports ?? defaults.batchReports;
  const maxRecords = options.batchRecords ?? defaults.batchRecords;
  const pool = options.parseWorkers ? createParsePool(options.parseWorkers) : undefined;
  const aheadLimit = options.aheadBytes ?? 64 * 1024 * 1024;
  let exhausted = false;
  let chain: Promise<unknown> = Promise.resolve();
  const queue: Ahead[] = [];
  // A folder of big files must not be read into memory all at once: reading waits while the files read
  // ahead hold aheadLimit bytes. The head of the queue was read before any wait, so take() never waits on
  // a read that waits on it.
  let aheadBytes = 0;
  let wake: (() => void) | null = null;

  // Files are pulled one after the other (the iterator is not re-entrant).
  const pull = () => {
    const entry: Ahead = { promise: null as never, bytes: 0 };
    const file = chain.then(async () => {
      while (aheadBytes >= aheadLimit) await new Promise<void>((resolve) => (wake = resolve));
      if (exhausted) return null;
      const next = await iterator.next();
      if (next.done) {
        exhausted = true;
        return null;
      }
      entry.bytes = next.value.bytes.length;
      aheadBytes += entry.bytes;
      return next.value;
    });
    // Parses chain as promise callbacks: without a turn of the event loop before each, the files read ahead
    // are parsed in one run, and the database's answers to the batches in flight wait for all of them
    // (PGlite's worker sat idle a quarter of the time).
    entry.promise = file.then(async (f) => {
      await new Promise((resolve) => setImmediate(resolve));
      return f ? parseIncoming(f, options, pool) : null;
    });
    // A failure is the taker's to see; until then it must not count as unhandled.
    entry.promise.catch(() => undefined);
    // With workers, parses overlap (the pool spreads them); on the main thread they run one at a time.
    chain = (pool ? file : entry.promise).catch(() => undefined);
    queue.push(entry);
  };
  const refill = () => {
    while (!exhausted && queue.length < prefetch) pull();
  };
  const take = async (): Promise<ParsedOutcome | null> => {
    refill();
    const entry = queue.shift();
    if (!entry) return null;
    const item = await entry.promise;
    aheadBytes -= entry.bytes;
    wake?.();
    wake = null;
    refill();
    return item;
  };

  const lane = async () => {
    for (;;) {
      const first = await take();
      if (!first) return;
      const batch = [first];
      let reports = first.parsed?.reports.length ?? 0;
      let records = countRecords(first);
      // Fill the batch up to its limits or the end of the files, waiting for the parser if need be: a
      // fuller batch costs the server less per record, and the parser runs while other batches commit.
      while (reports < maxReports && records < maxRecords && queue.length > 0) {
        const more = await take();
        if (!more) break;
        batch.push(more);
        reports += more.parsed?.reports.length ?? 0;
        records += countRecords(more);
      }
      const toStore = batch.filter((b) => b.parsed !== null);
      const stored = toStore.length
        ? await storeBatch(
            db,
            toStore.map((b) => b.parsed!),
            options,
          )
        : [];
      let i = 0;
      for (const item of batch) {
        const outcome = item.parsed ? stored[i++] : null;
        let done: ManyItem;
        try {
          done = { file: item.file.name, ...fileResult(item, outcome) };
        } catch (error) {
          done = { file: item.file.name, error };
        }
        await onFile(done);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, lane));
  } finally {
    await pool?.close();
  }
}

function countRecords(item: ParsedOutcome): number {
  let n = 0;
  for (const r of item.parsed?.reports ?? []) n += r.kind === 'aggregate' ? r.records.length : 1;
  return n;
}
