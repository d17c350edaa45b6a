// npm run bench:parse -- [--reports 500] [--records 100] [--rounds 5]
// Parse only: the aggregate reports of the bench:ingest corpus (ingest-corpus.ts), already decompressed,
// through parseAggregateXml with the XML scanner and with saxes alone, alternating rounds so that both see
// the same machine load. Prints the best and median microseconds per record of each.
import { parseArgs } from 'node:util';
import { parseAggregateXml } from '../../server/dmarc/aggregate-xml';
import { reportXml } from './ingest-corpus';

const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: '500' },
    records: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '5' },
  },
});
const reports = Number(values.reports);
const perReport = Number(values.records);
const shape = { reports, perReport, distinctIps: false };
const files = Array.from({ length: reports }, (_, n) => Buffer.from(reportXml(n, shape)));

// As parseReportFile hands a decompressed file over: 64 KB slices.
async function* slices(buf: Buffer) {
  for (let at = 0; at < buf.length; at += 65536) yield buf.subarray(at, at + 65536);
}

async function round(useScanner: boolean): Promise<number> {
  let records = 0;
  const started = process.hrtime.bigint();
  for (const file of files) records += (await parseAggregateXml(slices(file), useScanner)).records.length;
  return Number(process.hrtime.bigint() - started) / 1000 / records;
}

const times: Record<'scanner' | 'saxes', number[]> = { scanner: [], saxes: [] };
await round(true);
await round(false);
for (let r = 0; r < Number(values.rounds); r++) {
  times.saxes.push(await round(false));
  times.scanner.push(await round(true));
}
const mb = files.reduce((a, f) => a + f.length, 0) / 1024 / 1024;
console.log(`${reports} reports x ${perReport} records, ${mb.toFixed(1)} MB of XML`);
for (const [name, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${name}: best ${sorted[0].toFixed(2)} µs/record, median ${median.toFixed(2)} µs/record`);
}
