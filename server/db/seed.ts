import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildDir } from '../lib/server-files';
import { migrations } from './migrations/index';

// A new embedded database costs seconds: PGlite's initdb (a second WASM instance) and then every migration.
// The server's build (bin/server-build.js) therefore also makes, once, a migrated PGlite cluster and stores it
// as a gzip tarball beside its bundle, with a manifest of what made it. A DATA_DIR without a cluster starts
// from that seed; the migrator then finds nothing to do. The seed holds only what the migrations create (the
// cluster is made by makeSeed below, with no config, secrets or users): bootstrap still runs at first start.

export const seedTarball = 'pglite-seed.tar.gz';
export const seedManifest = 'pglite-seed.json';

type Manifest = { pglite: string; migrations: string[] };

// The cluster's on-disk format belongs to PGlite's PostgreSQL: a seed from another PGlite is not used.
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const currentManifest = (): Manifest => ({ pglite: pgliteVersion(), migrations: Object.keys(migrations) });

/**
 * The seed tarball in `dir` (default: the build's directory; none when running from the TypeScript sources)
 * when it was made from exactly this build's migrations and PGlite, else null. Never throws: without a usable
 * seed, PGlite lays down a new cluster and the migrations run, as on any other start.
 */
export function usableSeed(dir: string | null = buildDir): string | null {
  if (!dir) return null;
  try {
    const stored = JSON.parse(fs.readFileSync(path.join(dir, seedManifest), 'utf8')) as Partial<Manifest>;
    const tarball = path.join(dir, seedTarball);
    const current = currentManifest();
    const same =
      stored.pglite === current.pglite &&
      Array.isArray(stored.migrations) &&
      stored.migrations.join('\n') === current.migrations.join('\n');
    return same && fs.existsSync(tarball) ? tarball : null;
  } catch {
    return null;
  }
}

/** Writes the seed's manifest for the migrations a cluster was made with (makeSeed, and tests). */
export function writeSeedManifest(dir: string, names: string[] = currentManifest().migrations): void {
  const manifest: Manifest = { pglite: pgliteVersion(), migrations: names };
  fs.writeFileSync(path.join(dir, seedManifest), `${JSON.stringify(manifest, null, 1)}\n`);
}
