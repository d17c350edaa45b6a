import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { startPostgres, type Postgres } from '../../../scripts/services/postgres';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { defaultQueueSchema, setQueueSchema } from '../../../server/jobs/boss';
import { msasBin } from '../../support/build';
import { seededDataDir } from '../../support/pglite-template';

const root = process.cwd();

// A database that msas processes started by a test share with it: a fresh database on DATABASE_URL's
// PostgreSQL (or on a private cluster the test starts when `postgres: true` and none is given), or a
// PGlite DATA_DIR (which one process opens at a time: the test closes its handle before a child runs).
export type SharedDatabase = {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  close: () => Promise<void>;
};

export async function sharedDatabase(options: { postgres?: boolean } = {}): Promise<SharedDatabase> {
  // The processes use the queue's default schema; so does this test's own handle, whatever schema an earlier
  // file in the same worker set.
  setQueueSchema(defaultQueueSchema);
  const dataDir = seededDataDir('msas-proc-');
  const base = { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' };
  let cluster: Postgres | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl && !options.postgres) {
    return {
      kind: 'pglite',
      env: base,
      open: async () => {
        const handle = await openDatabase({ dataDir });
        await migrateToLatest(handle.db);
        return handle;
      },
      close: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!serverUrl) {
    cluster = await startPostgres();
    serverUrl = cluster.url;
  }
  const name = `msas_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    env: { ...base, DATABASE_URL: databaseUrl },
    open: async () => {
      const handle = await openDatabase({ databaseUrl, dataDir });
      await migrateToLatest(handle.db);
      return handle;
    },
    close: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await cluster?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Child = {
  process: ChildProcess;
  output: () => string;
  /** Resolves with the first output line matching `pattern` (rejects if the process exits first). */
  waitFor: (pattern: RegExp, ms?: number) => Promise<string>;
  exited: Promise<number | null>;
};

/**
 * `msas <args>` (bin/msas.js: the server's build when fresh), or `node --import tsx <script> <args>` for a
 * script of a test, with the shared database's environment: one process (tsx's CLI would run the script
 * in a child), so a signal reaches the worker itself.
 */
export function startChild(env: Record<string, string>, args: string[], script?: string): Child {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  const argv = script ? ['--import', 'tsx', script, ...args] : [msasBin, ...args];
  const child = spawn(process.execPath, argv, {
    cwd: root,
    env: { ...clean, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const collect = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (pattern: RegExp, ms = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(out);
        if (!m) return;
        done();
        resolve(m[0]);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${ms} ms:\n${out}`));
      }, ms);
      const onExit = () => {
        done();
        reject(new Error(`process exited before ${pattern}:\n${out}`));
      };
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
        child.off('exit', onExit);
      };
      listeners.add(check);
      child.once('exit', onExit);
      check();
    });
  return { process: child, output: () => out, waitFor, exited };
}

/** Runs `msas <args>` to the end: exit code and output. */
export async function runMsas(env: Record<string, string>, args: string[]) {
  const child = startChild(env, args);
  let stdout = '';
  child.process.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await child.exited;
  return { code, stdout, output: child.output() };
}
