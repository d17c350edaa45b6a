import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pickPort } from '../../scripts/services/process';
import { lockFileName } from '../../server/db/pglite-lock';
import { seededDataDir } from '../support/pglite-template';
import { loginAt, until } from './support/api-process';
import { runMsas, startChild, type Child } from './support/processes';

// A command beside a running `msas serve` on the same embedded database either reaches the data the server
// works on or is refused: PGlite serves one process, so it is refused, naming the server and what to do.
// Before, `create-user` printed 'created' into a copy of its own and the user was gone after a restart.

const dataDir = seededDataDir('msas-one-writer-');
let env: Record<string, string> = {};
const children: Child[] = [];

async function startServe(): Promise<{ child: Child; url: string }> {
  const port = await pickPort(18_640);
  const child = startChild({ ...env, PORT: String(port) }, ['serve']);
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await until('msas serve to be ready', async () => {
    if (child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`msas serve exited:\n${child.output()}`);
    const res = await fetch(`${url}/readyz`).catch(() => null);
    return res?.status === 200;
  });
  return { child, url };
}

beforeAll(() => {
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    CHECK_INTERVAL_HOURS: '0',
  };
});

afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('msas commands beside a running msas serve on one DATA_DIR', () => {
  it('refuse to write or read, naming the server; after it is gone the write lands and the server sees it', async () => {
    const first = await startServe();
    const pid = first.child.process.pid!;
    const user = { email: 'beside@example.com', password: 'beside-password-1' };
    const refusal = `msas: DATA_DIR ${dataDir} is in use: process ${pid} (msas serve, since `;

    const created = await runMsas(env, ['create-user', '--email', user.email, '--password', user.password]);
    expect(created.code, created.output).toBe(1);
    expect(created.stdout).toBe('');
    expect(created.output).toContain(refusal);
    expect(created.output).toContain('Stop that process first, or do this through the console or the API');
    // Its password is not in the lock, the message or anywhere else it wrote.
    expect(created.output).not.toContain(user.password);
    expect(fs.readFileSync(path.join(dataDir, lockFileName), 'utf8')).not.toContain(user.password);

    // A reader would read a copy that the server's next write makes stale: refused as well.
    const file = path.join(dataDir, 'backup.jsonl.gz');
    const exported = await runMsas(env, ['export', file]);
    expect(exported.code, exported.output).toBe(1);
    expect(exported.output).toContain(refusal);
    expect(fs.existsSync(file)).toBe(false);
    await expect(loginAt(first.url, user.email, user.password)).rejects.toThrow('login failed');

    // kill -9 leaves its lock behind: it does not block the next process.
    first.child.process.kill('SIGKILL');
    await first.child.exited;
    expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(true);
    const after = await runMsas(env, ['create-user', '--email', user.email, '--password', user.password]);
    expect(after.code, after.output).toBe(0);
    expect(after.stdout).toContain(`msas: created member ${user.email}`);

    const second = await startServe();
    expect(await loginAt(second.url, user.email, user.password)).toBeTruthy();
    second.child.process.kill('SIGTERM');
    expect(await second.child.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(false);
  }, 240_000);
});
