import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { seedTarball, writeSeedManifest } from './seed';

/**
 * Makes the seed (seed.ts) in `outDir`: a new cluster in a scratch directory beside it, migrated the usual way
 * (the same worker thread and migrator as any start), then dumped by PGlite as a gzip tarball. Nothing but
 * migrations touches it: no config is read, no secret or user is made.
 */
export async function makeSeed(outDir: string): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(outDir, '.seed-'));
  try {
    const handle = await openDatabase({ dataDir: scratch, seedDir: null });
    const { applied } = await migrateToLatest(handle.db);
    await handle.close();
    const pg = await PGlite.create(path.join(scratch, 'pglite'));
    try {
      const dump = await pg.dumpDataDir('gzip');
      fs.writeFileSync(path.join(outDir, seedTarball), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pg.close();
    }
    writeSeedManifest(outDir, applied);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
