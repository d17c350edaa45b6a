import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/database';
import type { ReadReplica } from './db/replica';
import type { Mailer } from './mail/send';

// What every module needs, built once in main.ts (or by a test) and handed to buildApp.
export type AppContext = {
  config: Config;
  db: Db;
  /** The streaming replica when DATABASE_READ_URL is set; reads choose through readDb (db/read-db.ts). */
  replica?: ReadReplica;
  logger: Logger;
  mailer: Mailer;
  now: () => Date;
};
