import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { openDatabase, type Db } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { defaultQueueSchema, setQueueSchema } from '../../../server/jobs/boss';
import { seededDataDir } from '../../support/pglite-template';

export type TestDatabase = { db: Db; kind: 'pglite' | 'postgres'; close: () => Promise<void> };

// A fresh, migrated database per test file: a new schema on DATABASE_URL's PostgreSQL when it is set,
// otherwise a new PGlite in a temp dir.
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), searchPath: schema });
    // The job queue's tables too get a schema of this file's own (pg-boss creates it when opened).
    setQueueSchema(`${schema}_jobs`);
    await migrateToLatest(handle.db);
    return {
      db: handle.db,
      kind: 'postgres',
      close: async () => {
        await handle.close();
        setQueueSchema(defaultQueueSchema);
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.query(`drop schema if exists ${schema}_jobs cascade`);
        await cleanup.end();
      },
    };
  }
  const dir = seededDataDir('msas-it-');
  const handle = await openDatabase({ dataDir: dir });
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    kind: 'pglite',
    close: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
