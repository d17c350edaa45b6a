import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../bin/server-build.js';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

// Global setup of the integration and e2e projects: one migrated PGlite cluster per run, copied by
// pglite-template.ts. Skipped on PostgreSQL runs, where each test file makes its own schema.
// It is laid down from the server build's seed (server/db/seed.ts: the same migrations, run once per build)
// when that matches these migrations: a second or two instead of an initdb and every migration, which is
// most of a short run under load. Without a usable seed the migrations run here, as before.
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-pglite-template-'));
  const handle = await openDatabase({ dataDir: dir, seedDir: await buildServer() });
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
