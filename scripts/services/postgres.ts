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
  const { user, pgCtl } = serverUser(dir);
  const dataDir = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const port = await pickPort(opts.port ?? 5433);
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
    pgCtl('-D', dataDir, '-l', log, '-o', serverOptions(port, dir), '-w', '-t', '30', 'start');
  } catch (e) {
    removeDir(dir);
    throw new Error(`PostgreSQL did not start: ${(e as Error).message}\n${tail(log)}`, { cause: e });
  }
  return running(dir, dataDir, port, pgCtl);
}

/**
 * A streaming replica of `primary` (recipes.md): a base backup over the replication protocol with -R, which
 * writes standby.signal and primary_conninfo, started on its own port. Read-only (hot standby); its
 * `stop` leaves the primary running, and should come before the primary's.
 */
export async function startReplica(primary: Postgres, opts: { port?: number } = {}): Promise<Postgres> {
  const dir = makeTempDir('pg-replica');
  const { user, pgCtl } = serverUser(dir);
  const dataDir = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const port = await pickPort(opts.port ?? primary.port + 1);
  try {
    const source = ['-h', primary.host, '-p', String(primary.port), '-U', 'postgres'];
    run(
      ...asUser(user, path.join(binDir, 'pg_basebackup'), [...source, '-D', dataDir, '-R', '-X', 'stream']),
    );
    pgCtl('-D', dataDir, '-l', log, '-o', serverOptions(port, dir), '-w', '-t', '30', 'start');
  } catch (e) {
    removeDir(dir);
    throw new Error(`PostgreSQL replica did not start: ${(e as Error).message}\n${tail(log)}`, { cause: e });
  }
  return running(dir, dataDir, port, pgCtl);
}

// initdb and postgres refuse to run as root: as root, the cluster belongs to the postgres account.
function serverUser(dir: string) {
  const user = isRoot() ? 'postgres' : userInfo().username;
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const pgCtl = (...args: string[]) => run(...asUser(user, path.join(binDir, 'pg_ctl'), args));
  return { user, pgCtl };
}

// fsync off: a throw-away test cluster trades durability for speed. wal_init_zero off: a new cluster has
// no WAL segments to recycle and would zero-fill each new 16 MB one first (1.2 GB for bench:ingest's
// million records, ~5% of the server's CPU), which a server that has been running does not do. A standby
// needs max_connections at least the primary's, so both get the same options.
function serverOptions(port: number, socketDir: string): string {
  return (
    `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200` +
    ' -c wal_init_zero=off'
  );
}

function running(dir: string, dataDir: string, port: number, pgCtl: (...args: string[]) => string): Postgres {
  const stop = once(async () => {
    try {
      pgCtl('-D', dataDir, '-m', 'fast', '-w', 'stop');
    } finally {
      removeDir(dir);
    }
  });
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, host: '127.0.0.1', port, dataDir, stop };
}
