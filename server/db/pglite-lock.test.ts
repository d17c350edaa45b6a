import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUse, lockDataDir, lockFileName, processStart, type LockHolder } from './pglite-lock';

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-lock-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, lockFileName);
const writeLock = (h: LockHolder) => fs.writeFileSync(lockFile(), JSON.stringify(h));

/** A pid that no longer runs: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('DATA_DIR lock of the embedded database', () => {
  it('is held by one process: the second opener is told who holds it, and what to do', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    await new Promise((r) => sleeper.once('spawn', r));
    try {
      writeLock({
        pid: sleeper.pid!,
        command: 'msas serve',
        since: '2026-01-15T10:00:00.000Z',
        start: processStart(sleeper.pid!),
      });
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirInUse);
      const message = (error as Error).message;
      expect(message).toContain(
        `DATA_DIR ${dir} is in use: process ${sleeper.pid} (msas serve, since 2026-01-15T10:00:00.000Z)`,
      );
      expect(message).toContain('Stop that process first, or do this through the console or the API');
      // The holder's lock is untouched.
      expect((JSON.parse(fs.readFileSync(lockFile(), 'utf8')) as LockHolder).pid).toBe(sleeper.pid);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that is gone (kill -9), and of a pid given to another process since', () => {
    writeLock({ pid: deadPid(), command: 'msas serve', since: 'x' });
    const release = lockDataDir(dir);
    const mine = JSON.parse(fs.readFileSync(lockFile(), 'utf8')) as LockHolder;
    expect(mine.pid).toBe(process.pid);
    expect(fs.statSync(lockFile()).mode & 0o777).toBe(0o600);
    release();
    expect(fs.existsSync(lockFile())).toBe(false);

    // Alive, but not the process that wrote the lock: its start time differs.
    writeLock({ pid: process.ppid, command: 'msas serve', since: 'x', start: '1' });
    lockDataDir(dir)();
    // The same pid as ours, from an earlier run (a container's pid 1).
    writeLock({ pid: process.pid, command: 'msas serve', since: 'x' });
    lockDataDir(dir)();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a second open within the same process until the first is released', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    release();
    lockDataDir(dir)();
  });

  it('records only the command, never its arguments', () => {
    const argv = process.argv;
    process.argv = [argv[0]!, '/opt/msas/bin/msas.js', 'create-user', '--password', 'hunter2hunter2'];
    try {
      const release = lockDataDir(dir);
      const text = fs.readFileSync(lockFile(), 'utf8');
      release();
      expect(JSON.parse(text)).toMatchObject({ command: 'msas create-user' });
      expect(text).not.toContain('hunter2');
    } finally {
      process.argv = argv;
    }
  });
});
