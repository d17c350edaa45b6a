import { randomBytes } from 'node:crypto';
import { pickPort } from '../../../scripts/services/process';
import type { Backend } from './round-robin-proxy';
import { startChild, type Child } from './processes';

// `msas serve --no-jobs` processes behind the round-robin proxy (round-robin-proxy.ts), for the scale-out
// test and benchmark.

export async function until(what: string, probe: () => Promise<boolean>, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** An API process on `backend`'s port (its label: api-PID); the proxy sends it requests once it is ready. */
export async function startApi(
  env: Record<string, string>,
  backend: Backend,
  children: Child[],
): Promise<Child> {
  const child = startChild({ ...env, PORT: String(backend.port) }, ['serve', '--no-jobs']);
  children.push(child);
  backend.label = `api-${child.process.pid}`;
  await until(`${backend.label} to be ready`, async () => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${backend.label} exited:\n${child.output()}`);
    }
    const res = await fetch(`http://127.0.0.1:${backend.port}/readyz`).catch(() => null);
    return res?.status === 200;
  });
  backend.up = true;
  return child;
}

/** Logs in through `baseUrl` and returns the access token. */
export async function loginAt(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/ph/authenticate/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (res.status !== 200) throw new Error(`login failed: HTTP ${res.status}`);
  return ((await res.json()) as { access: string }).access;
}

/** The environment of every process of a scale-out run: writes on the primary, reads on the replica. */
export const scaleEnv = (
  primaryUrl: string,
  replicaUrl: string,
  dataDir: string,
): Record<string, string> => ({
  DATABASE_URL: primaryUrl,
  DATABASE_READ_URL: replicaUrl,
  DATA_DIR: dataDir,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  CHECK_INTERVAL_HOURS: '0',
});

/** Two free ports from `preferred` on, as backends not yet up. */
export async function twoBackends(preferred: number): Promise<Backend[]> {
  const first = await pickPort(preferred);
  const ports = [first, await pickPort(first + 1)];
  return ports.map((port) => ({ port, label: '', up: false }));
}
