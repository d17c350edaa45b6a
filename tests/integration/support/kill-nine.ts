import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../support/server';
import { reportXml } from '../../fixtures/dmarc/build-report';
import { loginAt } from './api-process';
import { multipart } from './multipart';
import { startChild, type Child } from './processes';

// The runs of kill-nine.test.ts: `msas import` of a folder and `msas serve` taking uploads, each on the
// test's DATA_DIR and SIGKILLed at a planned moment. A run returns the report ids it acknowledged: a line
// the CLI printed, a file of an upload answered 200. The kill waits for nothing: whatever the process is
// doing at that moment, it is stopped there.

export type Sent = { id: string; bytes: Buffer; records: number; messages: number };

/**
 * When to kill: `ms` after the spawn (start-up: loading, opening and recovering the database, migrating),
 * or `ms` after the run's first sign of work (the CLI's first line, the server's first 200 on /readyz):
 * reading, parsing, writing, committing, answering. Null: not killed (a CLI run that ends by itself).
 */
export type KillPlan = { after: 'spawn' | 'work'; ms: number } | null;

export type Run = {
  acked: string[];
  killed: boolean;
  /** Milliseconds from the spawn to the first sign of work, if any, and to the kill or the run's end. */
  workMs?: number;
  endMs: number;
  /** What went wrong inside msas (an internal error line, a 5xx, a non-zero exit of an unkilled CLI). */
  faults: string[];
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
  const xml = reportXml({
    reportId: id,
    domain,
    begin: String(begin),
    end: String(begin + day - 1),
    records,
  });
  const messages = records.reduce((s, r) => s + Number(r.count), 0);
  return { id, bytes: Buffer.from(xml), records: records.length, messages };
}

const ended = (child: Child) => child.process.exitCode !== null || child.process.signalCode !== null;

/** Arms the plan's kill; `working()` starts the clock of a plan counted from the first sign of work. */
function killer(child: Child, plan: KillPlan) {
  const started = Date.now();
  let fired = false;
  let workMs: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number) => {
    timer = setTimeout(() => {
      fired = child.process.kill('SIGKILL');
    }, ms);
  };
  if (plan?.after === 'spawn') arm(plan.ms);
  return {
    working: () => {
      if (workMs !== undefined) return;
      workMs = Date.now() - started;
      if (plan?.after === 'work') arm(plan.ms);
    },
    killNow: () => {
      if (!ended(child)) fired = child.process.kill('SIGKILL');
    },
    done: () => {
      clearTimeout(timer);
      return { killed: fired, workMs, endMs: Date.now() - started };
    },
  };
}

/** `msas import --json <folder>` of `reports`, in this order, killed as planned. */
export async function importRun(
  env: Record<string, string>,
  folder: string,
  reports: Sent[],
  plan: KillPlan,
): Promise<Run> {
  fs.mkdirSync(folder);
  reports.forEach((r, i) =>
    fs.writeFileSync(path.join(folder, `${String(i).padStart(4, '0')}.xml`), r.bytes),
  );
  const child = startChild(env, ['import', '--json', folder]);
  const kill = killer(child, plan);
  let stdout = '';
  child.process.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (stdout.includes('\n')) kill.working();
  });
  const code = await child.exited;
  const timing = kill.done();
  const faults: string[] = [];
  const acked: string[] = [];
  // Only whole lines: the kill may come in the middle of one (it then acknowledged nothing).
  for (const line of stdout.split('\n').slice(0, -1)) {
    const r = JSON.parse(line) as { status: string; report_id: string | null };
    if (r.status === 'imported' || r.status === 'duplicate') acked.push(r.report_id!);
    else faults.push(`import: ${line}`);
  }
  if (/internal error/.test(child.output())) faults.push(`import: ${child.output()}`);
  if (!timing.killed && code !== 0) faults.push(`import exited ${code}: ${child.output()}`);
  return { acked, faults, ...timing };
}

export type ServeSession = { env: Record<string, string>; email: string; password: string; token?: string };

/**
 * `msas serve` taking `reports` as uploads of `perUpload` files from `clients` clients at once, killed as
 * planned, or at rest once every upload was answered when that comes first.
 */
export async function serveRun(
  session: ServeSession,
  reports: Sent[],
  plan: KillPlan,
  options: { perUpload: number; clients: number },
): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startChild({ ...session.env, PORT: String(port) }, ['serve']);
  const kill = killer(child, plan);
  const acked: string[] = [];
  const faults: string[] = [];
  // Requests without an answer: the planned kill's doing, or a fault when the server went away by itself.
  const cut: string[] = [];
  let ready = false;
  while (!ended(child) && !ready) {
    ready = (await fetch(`${url}/readyz`).catch(() => null))?.status === 200;
    if (!ready) await new Promise((r) => setTimeout(r, 50));
  }
  if (ready) {
    kill.working();
    // One login for the whole test: the server checks the token's signature (same JWT_SECRET every start).
    session.token ??= await loginAt(url, session.email, session.password).catch((e: Error) => {
      cut.push(`login: ${e.message}`);
      return undefined;
    });
    const groups: Sent[][] = [];
    for (let i = 0; i < reports.length; i += options.perUpload)
      groups.push(reports.slice(i, i + options.perUpload));
    const client = async () => {
      for (let group = groups.shift(); group && session.token && !ended(child); group = groups.shift()) {
        const { payload, headers } = multipart(group.map((r) => ({ name: `${r.id}.xml`, bytes: r.bytes })));
        const res = await fetch(`${url}/api/dm/dmarc/reports/upload/`, {
          method: 'POST',
          body: payload,
          headers: { ...headers, authorization: `Bearer ${session.token}` },
        }).catch((e: Error) => e);
        const text = res instanceof Error ? res : await res.text().catch((e: Error) => e);
        if (res instanceof Error || text instanceof Error) {
          cut.push(`upload: ${(text as Error).message}`); // nothing acknowledged
          return;
        }
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
  const timing = kill.done();
  kill.killNow();
  await child.exited;
  if (!timing.killed) faults.push(...cut);
  if (!timing.killed && !ready) faults.push(`serve exited before it was ready: ${child.output()}`);
  if (/"level":(50|60)/.test(child.output())) faults.push(`serve: ${child.output()}`);
  return { acked, faults, ...timing, killed: true };
}
