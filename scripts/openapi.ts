// npm run openapi: writes docs/openapi.json, the OpenAPI document of the API, from the routes' own schemas.
// The app is built without listening and without a database (no route runs), so this needs no set-up.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { parseSettings } from '../server/config';
import type { Db } from '../server/db/database';
import { createLogger } from '../server/lib/logger';
import { createMailer } from '../server/mail/send';

export async function openapiDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-openapi-'));
  try {
    const settings = parseSettings({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'dist'),
      LOG_LEVEL: 'silent',
    });
    // Keys the document never uses; building the app does not read them either.
    const config = { ...settings, jwtSecret: 'x'.repeat(64), encryptionKey: Buffer.alloc(32) };
    const logger = createLogger('silent');
    // A pool that never connects: building the app runs no query.
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });
    const app = await buildApp({
      config,
      db,
      logger,
      mailer: createMailer(config, logger),
      now: () => new Date(),
    });
    await app.ready();
    const doc = app.swagger();
    await app.close();
    await db.destroy();
    return doc;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = path.resolve(process.argv[2] ?? 'docs/openapi.json');
  const doc = await openapiDocument();
  fs.writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
