// The end of `npm run test:all`: the slowest twenty tests of the run, then "N passed, N failed".
// Reads the vitest JSON reports named on the command line (one per phase). A test file that failed
// without a failing test (import error, failing hook) counts as one failed test, and so does a phase
// that wrote no report (crash, config error).
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
const timed = [];
for (const name of process.argv.slice(2)) {
  if (!fs.existsSync(name)) {
    failed += 1;
    continue;
  }
  const phase = path.basename(name, '.json').replace(/^vitest-/, '');
  const report = JSON.parse(fs.readFileSync(name, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) failed += 1;
    const where = path.relative(process.cwd(), file.name);
    for (const t of tests) timed.push({ ms: t.duration ?? 0, phase, where, title: t.fullName ?? t.title });
  }
}
timed.sort((a, b) => b.ms - a.ms);
console.log('=== slowest tests');
for (const t of timed.slice(0, 20)) {
  const secs = (t.ms / 1000).toFixed(1).padStart(6);
  console.log(`${secs}s  ${t.phase.padEnd(20)} ${t.where} > ${t.title}`);
}
console.log(`${passed} passed, ${failed} failed`);
