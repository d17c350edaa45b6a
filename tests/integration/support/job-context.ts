import os from 'node:os';
import pino from 'pino';
import type { AppContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import { createMailer } from '../../../server/mail/send';
import { testConfig } from './app';

/** The context a worker hands a job's handler, over a test database (runJobNow). */
export function jobContext(db: Db, now: () => Date = () => new Date()): AppContext {
  const config = testConfig(os.tmpdir());
  const logger = pino({ level: 'silent' });
  return { config, db, logger, mailer: createMailer(config, logger), now };
}
