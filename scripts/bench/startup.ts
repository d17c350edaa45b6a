// npm run bench:startup -- [--runs 3]
// Start-up of the `msas` command, from the server's build (bin/server-build.js) and from the TypeScript
// sources through tsx (MSAS_FROM_SOURCES=1): wall and CPU time (user + system of the process and its
// threads) of `msas --help`, a one-file `msas import` on a fresh DATA_DIR (from the build: laid down from its
// migrated seed, server/db/seed.ts; from the sources: initdb and every migration) and on an existing one
// (PGlite), and `msas serve` until GET /readyz answers on an existing DATA_DIR.
// Prints the median of the runs per case, and the time of the server's build with its seed when it is made.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer, repoRoot } from '../../bin/server-build.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const bin = path.join(repoRoot, 'bin', 'msas.js');
// One aggregate report of the shared samples (as the integration tests read them).
const sample = path.join(
  repoRoot,
  '..',
  'shared',
  'samples',
  'dmarc',
  'mail-auth',
  'resources',
  'dmarc-feedback',
  '001.xml',
);

type Timing = { wall: number; cpu: number };
type Mode = 'build' | 'tsx';

const env = (mode: Mode, dataDir: string): NodeJS.ProcessEnv => {
  const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete e.DATABASE_URL;
  if (mode === 'tsx') e.MSAS_FROM_SOURCES = '1';
  return e;
};

// CPU (user + system) of the children that have ended so far: /proc/self/stat fields cutime and cstime, in
// clock ticks (100 a second on Linux). This process does no work of its own meanwhile.
function childCpu(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function run(mode: Mode, args: string[], dataDir: string): Timing {
  const cpu0 = childCpu();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { env: env(mode, dataDir), encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`msas ${args.join(' ')} failed:\n${r.stderr}`);
  return { wall, cpu: childCpu() - cpu0 };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function serveUntilReady(mode: Mode, dataDir: string): Promise<Timing> {
  const port = await freePort();
  const cpu0 = childCpu();
  const t0 = performance.now();
  const child = spawn(process.execPath, [bin, 'serve', '--no-jobs'], {
    env: { ...env(mode, dataDir), PORT: String(port), HOST: '127.0.0.1', CHECK_INTERVAL_HOURS: '0' },
    stdio: 'ignore',
  });
  const ready = () =>
    fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error('msas serve exited');
    await new Promise((r) => setTimeout(r, 20));
  }
  const wall = (performance.now() - t0) / 1000;
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { wall, cpu: childCpu() - cpu0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(name: string, mode: Mode, once: (dataDir: string) => Timing | Promise<Timing>) {
  const timings: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-startup-'));
    try {
      timings.push(await once(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const wall = median(timings.map((t) => t.wall)).toFixed(2);
  const cpu = median(timings.map((t) => t.cpu)).toFixed(2);
  console.log(`${name.padEnd(38)} ${mode.padEnd(5)} wall ${wall.padStart(6)} s  cpu ${cpu.padStart(6)} s`);
}

const built = performance.now();
await buildServer(repoRoot, (line) => console.log(line));
console.log(`build ready in ${((performance.now() - built) / 1000).toFixed(1)} s`);
console.log(
  `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${os.loadavg()[0]!.toFixed(1)}; median of ${runs}`,
);
for (const mode of ['build', 'tsx'] as const) {
  await measure('msas --help', mode, (d) => run(mode, ['--help'], d));
  await measure('msas import (1 file, fresh DATA_DIR)', mode, (d) => run(mode, ['import', sample], d));
  await measure('msas import (1 file, existing)', mode, (d) => {
    run(mode, ['migrate'], d);
    return run(mode, ['import', sample], d);
  });
  await measure('msas serve until /readyz (existing)', mode, async (d) => {
    run(mode, ['migrate'], d);
    return serveUntilReady(mode, d);
  });
}
