import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import dgram from 'node:dgram';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Every helper returns its connection info plus stop(); stop() is idempotent and removes the temp dir.
export type Stoppable = { stop: () => Promise<void> };

export const isRoot = () => process.getuid?.() === 0;

// A temp dir other users can traverse (daemons drop privileges to their own users).
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `msas-${prefix}-`));
  chmodSync(dir, 0o755);
  return dir;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

// Run a command as `user` when we are root (initdb refuses root); as ourselves otherwise.
export function asUser(user: string, cmd: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', user, '--', cmd, ...args]] : [cmd, args];
}

export function run(cmd: string, args: string[], input?: string): string {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8' });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr || r.stdout}`);
  return r.stdout;
}

// A foreground daemon as our child, its output appended to logFile.
export function spawnDaemon(cmd: string, args: string[], logFile: string): ChildProcess {
  const fd = openSync(logFile, 'a');
  const child = spawn(cmd, args, { stdio: ['ignore', fd, fd] });
  child.on('error', () => undefined); // reported by waitFor through the exit check
  return child;
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export function tcpOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function tcpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

async function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// The preferred port when it is free (TCP, and UDP for DNS servers), else a free one: another run may be
// holding the well-known test port.
export async function pickPort(preferred: number, udp = false): Promise<number> {
  const free = async (p: number) => (await tcpFree(p)) && (!udp || (await udpFree(p)));
  if (await free(preferred)) return preferred;
  for (let i = 0; i < 20; i++) {
    const p = await anyFreePort();
    if (await free(p)) return p;
  }
  throw new Error(`no free port (preferred ${preferred})`);
}

// SIGTERM, then SIGKILL after graceMs; resolves when the child has exited.
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

// Wraps a stop so that a second call does nothing.
export function once(stop: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= stop());
}
