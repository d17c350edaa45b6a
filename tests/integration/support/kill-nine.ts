import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../support/server';
import { reportXml } from '../../fixtures/dmarc/build-report';
import { loginAt } from './api-process';
import { multipart } from './multipart';
import { startChild, type Child } from './processes';

// The runs of kill-nine.test.ts: `msas import` of a folder and `msas serve` taking uploads, each on the
// test's DATA_DIR and SIGKILLed after a chosen delay. A run returns the report ids it acknowledged: a line
// the CLI printed, a file of an upload answered 200. A kill never waits for anything: it is the delay's
// moment, whatever the process is doing.

export type Sent = { id: string; bytes: Buffer; records: number; messages: number };

export type Run = {
  acked: string[];
  killed: boolean;
  /** Milliseconds from the spawn to the kill, or to the run's own end. */
  ms: number;
  /** What went wrong inside msas (an internal error line, a 5xx, a non-zero exit of an unkilled CLI). */
  faults: string[];
  /** Serve only: milliseconds until /readyz answered, when it did. */
  readyMs?: number;
};

const day = 86_400;
const today = Math.floor(Date.now() / 1000 / day) * day;

/** Report `n`: a small aggregate report for `domain` whose records and messages `draw` decides. */
export function makeReport(n: number, domain: string, draw: () => number): Sent {
  const begin = today - ((n % 5) + 1) * day;
  const records = Array.from({ length: 1 + Math.floor(draw() * 12) }, () => ({
    ip: `192.0.2.${Math.floor(draw() * 50)}`,
    count: String(1 + Math.floor(draw() * 5)),
    dkim: draw() < 0.3 ? 'fail' : 'pass',
  }));
  const id = `kill-${n}`;
  const xml = reportXml({ reportId: id, domain, begin: String(begin), end: String(begin + day - 1), records });
  const messages = records.reduce((s, r) => s + Number(r.count), 0);
  return { id, bytes: Buffer.from(xml), records: records.length, messages };
}

function killAt(child: Child, ms: number | null) {
  if (ms === null) return { killed: () => false, cancel: () => undefined };
  let fired = false;
  const timer = setTimeout(() => {
    fired = child.process.kill('SIGKILL');
  }, ms);
  return { killed: () => fired, cancel: () => clearTimeout(timer) };
}

const ended = (child: Child) => child.process.exitCode !== null || child.process.signalCode !== null;

/** `msas import --json <folder>` of `reports`, in this order; killed `killMs` after the spawn (null: never). */
export async function importRun(
  env: Record<string, string>,
  folder: string,
  reports: Sent[],
  killMs: number | null,
): Promise<Run> {
  fs.mkdirSync(folder);
  reports.forEach((r, i) => fs.writeFileSync(path.join(folder, `${String(i).padStart(4, '0')}.xml`), r.bytes));
  const started = Date.now();
  const child = startChild(env, ['import', '--json', folder]);
  let stdout = '';
  child.process.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const kill = killAt(child, killMs);
  const code = await child.exited;
  kill.cancel();
  const ms = Date.now() - started;
  const faults: string[] = [];
  const acked: string[] = [];
  // Only whole lines: the kill may come in the middle of one (it then acknowledged nothing).
  for (const line of stdout.split('\n').slice(0, -1)) {
    const r = JSON.parse(line) as { status: string; report_id: string | null };
    if (r.status === 'imported' || r.status === 'duplicate') acked.push(r.report_id!);
    else faults.push(`import: ${line}`);
  }
  if (/internal error/.test(child.output())) faults.push(`import: ${child.output()}`);
  if (!kill.killed() && code !== 0) faults.push(`import exited ${code}: ${child.output()}`);
  return { acked, killed: kill.killed(), ms, faults };
}

export type ServeSession = { env: Record<string, string>; email: string; password: string; token?: string };

/**
 * `msas serve` taking `reports` as uploads of `perUpload` files from `clients` clients at once; killed
 * `killMs` after the spawn, or once every upload was answered when that comes first.
 */
export async function serveRun(
  session: ServeSession,
  reports: Sent[],
  killMs: number,
  options: { perUpload: number; clients: number },
): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = startChild({ ...session.env, PORT: String(port) }, ['serve']);
  const kill = killAt(child, killMs);
  const acked: string[] = [];
  const faults: string[] = [];
  let readyMs: number | undefined;
  while (!ended(child)) {
    const res = await fetch(`${url}/readyz`).catch(() => null);
    if (res?.status === 200) {
      readyMs = Date.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  if (readyMs !== undefined) {
    session.token ??= await loginAt(url, session.email, session.password).catch(() => undefined);
    const groups: Sent[][] = [];
    for (let i = 0; i < reports.length; i += options.perUpload)
      groups.push(reports.slice(i, i + options.perUpload));
    const client = async () => {
      for (let group = groups.shift(); group && !ended(child); group = groups.shift()) {
        const { payload, headers } = multipart(group.map((r) => ({ name: `${r.id}.xml`, bytes: r.bytes })));
        const res = await fetch(`${url}/api/dm/dmarc/reports/upload/`, {
          method: 'POST',
          body: payload,
          headers: { ...headers, authorization: `Bearer ${session.token}` },
        }).catch(() => null); // the kill cut the connection: no answer, nothing acknowledged
        if (!res) return;
        const text = await res.text().catch(() => null);
        if (text === null) return;
        if (res.status !== 200) {
          faults.push(`upload: HTTP ${res.status} ${text}`);
          return;
        }
        const body = JSON.parse(text) as { data: { status: string; report_id: string | null }[] };
        for (const r of body.data)
          if (r.status === 'imported' || r.status === 'duplicate') acked.push(r.report_id!);
          else faults.push(`upload: ${JSON.stringify(r)}`);
      }
    };
    await Promise.all(Array.from({ length: options.clients }, client));
  }
  // Every upload answered before the kill's moment: the kill comes now, on a server at rest.
  if (!ended(child)) child.process.kill('SIGKILL');
  await child.exited;
  kill.cancel();
  if (/"level":50/.test(child.output())) faults.push(`serve: ${child.output()}`);
  return { acked, killed: true, ms: Date.now() - started, faults, readyMs };
}
