import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

// Laying down a new PGlite cluster (initdb in WASM) costs about 6 s; reopening a migrated one about 1.5 s.
// The integration and e2e runs build one migrated cluster first (pglite-template.setup.ts) and every test
// that needs a fresh embedded database starts from a copy of it. A test of a first start on an empty
// DATA_DIR simply does not call these.

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Puts a copy of the migrated cluster at DATA_DIR/pglite, when the run built one (PGlite runs only). */
export function seedPglite(dataDir: string): void {
  const template = inject('pgliteTemplate');
  if (!template || process.env.DATABASE_URL) return;
  fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}

/** A new private temp dir that holds a migrated PGlite cluster, ready to be a DATA_DIR. */
export function seededDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  seedPglite(dir);
  return dir;
}
