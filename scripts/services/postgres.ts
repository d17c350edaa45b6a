import { chownSync, existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { asUser, isRoot, makeTempDir, once, pickPort, removeDir, run, tail, type Stoppable } from './process';

export type Postgres = Stoppable & { url: string; host: string; port: number; dataDir: string };

const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

function postgresIds(): { uid: number; gid: number } {
  const line = run('getent', ['passwd', 'postgres']).split(':');
  return { uid: Number(line[2]), gid: Number(line[3]) };
}

// A private PostgreSQL 15 cluster on loopback in a temp dir (recipes.md): trust auth, superuser postgres.
export async function startPostgres(opts: { port?: number } = {}): Promise<Postgres> {
  if (!existsSync(path.join(binDir, 'initdb'))) {
    throw new Error(`PostgreSQL binaries not found in ${binDir} (apt-get install postgresql)`);
  }
  const dir = makeTempDir('pg');
  const user = isRoot() ? 'postgres' : userInfo().username;
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const port = await pickPort(opts.port ?? 5433);
  const pgCtl = (...args: string[]) => run(...asUser(user, path.join(binDir, 'pg_ctl'), args));
  try {
    run(
      ...asUser(user, path.join(binDir, 'initdb'), [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
        '-E',
        'UTF8',
        '--locale=C',
      ]),
    );
    // fsync off: a throw-away test cluster trades durability for speed. wal_init_zero off: a new cluster has
    // no WAL segments to recycle and would zero-fill each new 16 MB one first (1.2 GB for bench:ingest's
    // million records, ~5% of the server's CPU), which a server that has been running does not do.
    const options =
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200` +
      ' -c wal_init_zero=off';
    pgCtl('-D', dataDir, '-l', log, '-o', options, '-w', '-t', '30', 'start');
  } catch (e) {
    removeDir(dir);
    throw new Error(`PostgreSQL did not start: ${(e as Error).message}\n${tail(log)}`, { cause: e });
  }
  const stop = once(async () => {
    try {
      pgCtl('-D', dataDir, '-m', 'fast', '-w', 'stop');
    } finally {
      removeDir(dir);
    }
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, host: '127.0.0.1', port, dataDir, stop };
}
