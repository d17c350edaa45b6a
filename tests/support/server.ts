import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { distDir, msasBin, repoRoot } from './build';
import { seededDataDir } from './pglite-template';

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${output()}`);
}

// The real server (`msas serve`, from the build when fresh) on a free loopback port with a fresh PGlite DATA_DIR and
// a known owner; resolves once GET /healthz answers 200.
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = seededDataDir('msas-e2e-data-');
  // A snapshot of dist/: a rebuild during the run (another test file, a developer) must not swap the
  // hashed chunks under a page that is loading them.
  const staticDir = path.join(dataDir, 'static');
  cpSync(distDir, staticDir, { recursive: true });
  // A test may choose the port (an address it must know before the server starts, e.g. a PUBLIC_URL).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const adminEmail = 'owner@example.test';
  const adminPassword = `E2e-${randomBytes(9).toString('base64url')}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    MSAS_ADMIN_EMAIL: adminEmail,
    MSAS_ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    // every test logs in; the production limits would lock the run out
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_RATE_LIMIT_IP: '1000',
    // no automatic domain checks against the machine's resolver unless a test asks for them
    CHECK_INTERVAL_HOURS: '0',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  const child = spawn(process.execPath, [msasBin, 'serve'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const output = () => out;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, child, output, 90_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, dataDir, adminEmail, adminPassword, output, stop };
}
