import pino from 'pino';
import { parseSettings, type Config } from '../../server/config';
import type { AppContext } from '../../server/context';
import type { DatabaseHandle } from '../../server/db/database';
import { createMailer } from '../../server/mail/send';
import { statementTimer } from './statement-timer';

// The app's context for a benchmark that drives its routes: settings from `env` (logs off, no scheduled
// checks), and every statement timed so a request's time splits into the database's and the rest.
export function timedContext(dataDir: string, handle: DatabaseHandle, env: Record<string, string>) {
  const settings = parseSettings({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CHECK_INTERVAL_HOURS: '0',
    ...env,
  });
  const config: Config = { ...settings, jwtSecret: 'x'.repeat(32), encryptionKey: Buffer.alloc(32) };
  const logger = pino({ level: 'silent' });
  const timer = statementTimer();
  const ctx: AppContext = {
    config,
    db: handle.db.withPlugin(timer.plugin),
    logger,
    mailer: createMailer(config, logger),
    now: () => new Date(),
  };
  return { ctx, config, timer };
}
