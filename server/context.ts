import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/send';

// What every module needs, built once in main.ts (or by a test) and handed to buildApp.
export type AppContext = {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  now: () => Date;
};
