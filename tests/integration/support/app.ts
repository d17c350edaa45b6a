import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../../server/app';
import { parseSettings, type Config } from '../../../server/config';
import type { AppContext } from '../../../server/context';
import type { Db } from '../../../server/db/database';
import type { Role } from '../../../server/db/schema';
import { createLogger } from '../../../server/lib/logger';
import { createMailer } from '../../../server/mail/send';
import { createAccount } from '../../../server/modules/users/accounts';
import { openTestDatabase, type TestDatabase } from './db';

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  db: Db;
  logs: string[];
  // Moves the server's clock (tokens, TOTP, rate-limit windows) forward or back.
  clock: { offsetMs: number };
  close: () => Promise<void>;
};

export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  const settings = parseSettings({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'dist'),
    LOG_LEVEL: 'info',
    OPERATOR_EMAIL: 'operator@example.com',
    // No automatic domain checks against the machine's resolver; the checks tests turn them on.
    CHECK_INTERVAL_HOURS: '0',
    ...env,
  });
  return {
    ...settings,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    encryptionKey: Buffer.alloc(32, 7),
  };
}

export async function startTestApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    prepare?: (app: FastifyInstance) => void;
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-app-'));
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(dataDir, options.env);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = createLogger('trace', sink);
  const clock = { offsetMs: 0 };
  const ctx: AppContext = {
    config,
    db: database.db,
    logger,
    mailer: createMailer(config, logger),
    now: () => new Date(Date.now() + clock.offsetMs),
  };
  const app = await buildApp(ctx, { onRoute: options.onRoute });
  options.prepare?.(app);
  await app.ready();
  return {
    app,
    ctx,
    db: database.db,
    logs,
    clock,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function makeUser(
  db: Db,
  options: { email?: string; password?: string; role?: Role; organization?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const user = await createAccount(db, {
    email,
    password,
    role: options.role ?? 'owner',
    organizationName: options.organization ?? 'Acme',
  });
  return { user, email, password };
}

// A public form post, as the SPA sends it, from the given client address.
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export function login(
  app: FastifyInstance,
  fields: Record<string, string>,
  remoteAddress = '127.0.0.1',
  url = '/api/ph/authenticate/',
): Promise<LightMyRequestResponse> {
  return postForm(app, url, fields, remoteAddress);
}

export function decodeJwt(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
