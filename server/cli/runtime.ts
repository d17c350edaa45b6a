import type { Logger } from 'pino';
import type { AppContext } from '../context';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { openReplica } from '../db/replica';
import { loadConfig } from '../load-config';
import { privateUmask, secureDataDir } from '../lib/data-dir';
import { createLogger } from '../lib/logger';
import { createMailer } from '../mail/send';

// seeded: the embedded database was new and came from the build's migrated seed (db/seed.ts).
export type Runtime = { ctx: AppContext; seeded: boolean; close: () => Promise<void> };

// Config, logger, database (migrated), mailer: what every command starts with.
// onDatabaseStart: see DatabaseOptions.onStart (a command loads its own modules then, on the other core).
export async function openRuntime(
  options: { logger?: Logger; migrate?: boolean; onDatabaseStart?: () => void } = {},
): Promise<Runtime> {
  // Everything msas writes (the embedded database, secrets.json) is for its own account only.
  process.umask(privateUmask);
  const config = loadConfig();
  const logger = options.logger ?? createLogger(config.logLevel);
  const dataDir = secureDataDir(config.dataDir);
  if (dataDir.changed > 0)
    logger.warn(
      { dataDir: config.dataDir, changed: dataDir.changed },
      'DATA_DIR was readable by other accounts: it is now 0700 and its files 0600',
    );
  if (dataDir.shared)
    logger.warn(
      { dataDir: config.dataDir },
      'DATA_DIR is a shared directory (sticky bit): use a directory of its own',
    );
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onStart: options.onDatabaseStart,
  });
  if (handle.seeded) logger.info('database created from the build seed (migrated)');
  if (options.migrate !== false) {
    const { applied } = await migrateToLatest(handle.db);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');
  }
  const { url: readUrl, maxLagSeconds } = config.readReplica;
  const replica = readUrl
    ? await openReplica(readUrl, handle.db, { maxLagSeconds, logger, dataDir: config.dataDir })
    : undefined;
  const mailer = createMailer(config, logger);
  const ctx: AppContext = { config, db: handle.db, replica, logger, mailer, now: () => new Date() };
  return {
    ctx,
    seeded: handle.seeded === true,
    close: async () => {
      mailer.close();
      await replica?.close();
      await handle.close();
    },
  };
}

/**
 * openRuntime, and the command's own modules loaded (load) while the embedded database opens in its thread:
 * on two cores the seconds of both overlap instead of adding up.
 */
export async function openRuntimeLoading<M>(
  load: () => Promise<M>,
  options: { logger?: Logger; migrate?: boolean } = {},
): Promise<[Runtime, M]> {
  let loading: Promise<M> | undefined;
  const runtime = await openRuntime({
    ...options,
    onDatabaseStart: () => {
      loading = load();
      loading.catch(() => {}); // awaited below; a failure of the database comes first
    },
  });
  try {
    return [runtime, await (loading ?? load())];
  } catch (e) {
    await runtime.close();
    throw e;
  }
}

// Resolves on the first SIGINT or SIGTERM.
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const done = (signal: NodeJS.Signals) => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve(signal);
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}

/** Closes the database unless jobs still run past JOBS_STOP_TIMEOUT (the queue handed their jobs back). */
export async function closeAfterJobs(runtime: Runtime, stillRunning: number): Promise<void> {
  if (stillRunning === 0) return runtime.close();
  // Their transactions hold connections: the process exits instead, which ends those sessions (rollback).
  runtime.ctx.logger.warn({ jobs: stillRunning }, 'jobs still running after JOBS_STOP_TIMEOUT: handed back');
}
