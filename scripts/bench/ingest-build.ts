// npm run bench:build -- [--reports 256] [--records 100] [--rounds 21]
//   [--batch 32] [--against DIR]
// Node's side of storing reports, without a database: the bench:ingest corpus parsed once, then per batch of
// `batch` reports what store-batch.ts does for plain aggregate reports (storeAggregates, addPending,
// flushPending) against a Kysely whose driver only keeps the compiled statements (and answers as if every
// report were new). Prints Node CPU time per record (best and median round: CPU time, not wall time, as the
// load of a shared machine varies) and a digest of every SQL text and parameter sent, so that two trees can
// be compared byte for byte: --against another checkout (e.g. one with the changes reverted) runs its
// modules in the same process, rounds alternating, so that both see the same machine load. Few reports by
// default: parsed reports stay in memory, while ingest holds only a few batches' worth.
import crypto from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledQuery } from 'kysely';
import { captureDb } from '../../server/db/testing/capture-db';
import { reportXml } from './ingest-corpus';
import type { AggregateReport } from '../../server/dmarc/types';

const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '256' },
    records: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '21' },
    batch: { type: 'string', default: '32' },
    against: { type: 'string' },
  },
});
const roots = [path.resolve(import.meta.dirname, '../..'), ...(values.against ? [values.against] : [])];
const batch = Number(values.batch);
const shape = { reports: Number(values.reports), perReport: Number(values.records), distinctIps: false };

type Modules = {
  storeAggregates: typeof import('../../server/ingest/store-aggregates').storeAggregates;
  flush: typeof import('../../server/ingest/flush');
  parse: typeof import('../../server/dmarc/aggregate-xml').parseAggregateXml;
};
const load = async (root: string): Promise<Modules> => ({
  storeAggregates: (await import(path.join(root, 'server/ingest/store-aggregates.ts'))).storeAggregates,
  flush: await import(path.join(root, 'server/ingest/flush.ts')),
  parse: (await import(path.join(root, 'server/dmarc/aggregate-xml.ts'))).parseAggregateXml,
});

// The batch statement returns one row per stored report (ord, id, file id) and one per file (id, fresh).
let digest: crypto.Hash | null = null;
let nextId = 1;
let pendingAnswer: unknown[] = [];
const db = captureDb((query: CompiledQuery) => {
  if (digest) {
    digest.update(query.sql);
    for (const p of query.parameters)
      digest.update(`\u0001${p instanceof Buffer ? p.toString('hex') : String(p)}`);
  }
  return query.sql.includes('insert into report_files') ? pendingAnswer : [];
});

async function main() {
  const trees = await Promise.all(roots.map(load));
  // Parsed once, with this tree's parser, so that every tree gets the same reports.
  const reports: AggregateReport[] = [];
  for (let n = 0; n < shape.reports; n++) {
    const xml = Buffer.from(reportXml(n, shape));
    reports.push(
      await trees[0].parse(
        (async function* () {
          yield xml;
        })(),
      ),
    );
  }
  const records = reports.reduce((a, r) => a + r.records.length, 0);
  const file = { name: 'report.xml.gz', bytes: Buffer.from('x'), source: 'bench' as const };

  async function round(m: Modules): Promise<number> {
    nextId = 1;
    (globalThis as { gc?: () => void }).gc?.(); // with --expose-gc: no round pays for another's garbage
    const started = process.cpuUsage();
    for (let at = 0; at < reports.length; at += batch) {
      const items = reports.slice(at, at + batch).map((report, i) => ({
        report,
        ctx: {
          organizationId: 1,
          file,
          fileRef: { digest: `d${at + i}`, id: null },
          source: 'bench' as const,
        },
      }));
      pendingAnswer = items.map((_, ord) => ({ ord, id: nextId++, id2: ord + 1, fresh: null }));
      const stored = await m.storeAggregates(db, items);
      const pending = m.flush.emptyPending();
      for (const s of stored) if (s) m.flush.addPending(pending, s.ips, s.rollups);
      await m.flush.flushPending(db, pending, new Set());
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / records;
  }

  const sums: string[] = [];
  for (const m of trees) {
    digest = crypto.createHash('sha256');
    await round(m);
    sums.push(digest.digest('hex').slice(0, 16));
    digest = null;
  }
  const times: number[][] = trees.map(() => []);
  // Each round in the opposite order from the previous one: the first of a pair measured slower.
  for (let r = 0; r < Number(values.rounds); r++)
    for (let k = 0; k < trees.length; k++) {
      const t = r % 2 === 0 ? k : trees.length - 1 - k;
      times[t].push(await round(trees[t]));
    }
  console.log(`${reports.length} reports, ${records} records, Node CPU per record:`);
  roots.forEach((root, t) => {
    const sorted = [...times[t]].sort((a, b) => a - b);
    console.log(
      `  ${root}: best ${sorted[0].toFixed(2)} µs, median ${sorted[sorted.length >> 1].toFixed(2)} µs; ` +
        `statements digest ${sums[t]}`,
    );
  });
}

await main();
