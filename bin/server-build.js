// The server's build: server/ and contract/ bundled by esbuild into dist-server/<fingerprint>/, so a command
// starts without compiling TypeScript. Plain JavaScript: bin/msas.js decides with it, before any loader.
//
// The fingerprint is a hash of every source file's path, size and mtime (and of this file): a build is
// fresh when the directory named by the current fingerprint exists. Builds are written aside and renamed
// into place, so two builders at once (parallel test phases) or a process still loading chunks of an
// older build never see a half-written directory.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const self = fileURLToPath(import.meta.url);
export const repoRoot = path.resolve(path.dirname(self), '..');
const sourceDirs = ['server', 'contract'];
// Entry points: the CLI, the scripts of the worker threads (resolved by server/lib/server-files.ts) and the
// maker of the migrated PGlite seed (server/db/seed.ts).
const entries = [
  'server/main.ts',
  'server/db/pglite-worker.ts',
  'server/dmarc/parse-worker.ts',
  'server/db/seed-build.ts',
];
// An older build is removed once it is this old (at the next build): a process started from it may still
// load a chunk or start a worker thread from it for a while.
const keepOldMs = 60 * 60_000;

function listSources(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, out);
    else if (!entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

export function sourceFingerprint(root = repoRoot) {
  const files = [self];
  for (const dir of sourceDirs) listSources(path.join(root, dir), files);
  const hash = createHash('sha1');
  for (const file of files.sort()) {
    const st = fs.statSync(file);
    hash.update(`${path.relative(root, file)}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

export const buildsDir = (root = repoRoot) => path.join(root, 'dist-server');

/** The fresh build's directory, or null when there is none for the sources as they are. */
export function freshBuild(root = repoRoot) {
  const dir = path.join(buildsDir(root), sourceFingerprint(root));
  return fs.existsSync(path.join(dir, 'main.js')) ? dir : null;
}

function removeOldBuilds(root, keep) {
  const parent = buildsDir(root);
  for (const name of fs.readdirSync(parent)) {
    const dir = path.join(parent, name);
    if (name === keep) continue;
    if (Date.now() - fs.statSync(dir).mtimeMs > keepOldMs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The migrated PGlite cluster a new DATA_DIR starts from (server/db/seed.ts), made by the new build itself.
// Without it a start is only slower, so a failure is reported and the build kept.
async function makeSeed(dir, log) {
  log('msas: making the migrated database seed...');
  try {
    await promisify(execFile)(process.execPath, [path.join(dir, 'seed-build.js'), dir]);
  } catch (e) {
    log(`msas: no database seed (a new DATA_DIR runs every migration): ${e.stderr || e.message}`);
  }
}

/** Builds the server unless a fresh build exists; returns the build's directory. */
export async function buildServer(root = repoRoot, log = () => {}) {
  const fingerprint = sourceFingerprint(root);
  const target = path.join(buildsDir(root), fingerprint);
  if (fs.existsSync(path.join(target, 'main.js'))) return target;
  log('msas: building the server (esbuild)...');
  const { build } = await import('esbuild');
  fs.mkdirSync(buildsDir(root), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(buildsDir(root), '.tmp-'));
  fs.chmodSync(scratch, 0o755);
  try {
    await build({
      absWorkingDir: root,
      entryPoints: entries,
      outdir: scratch,
      // One flat directory: every module's import.meta.url sits in the build's root, which is how
      // server/lib/server-files.ts finds the worker scripts and the source tree.
      entryNames: '[name]',
      chunkNames: 'chunk-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    await makeSeed(scratch, log);
    try {
      fs.renameSync(scratch, target);
    } catch (e) {
      // Another builder renamed the same sources' build into place first: theirs is as good.
      if (!fs.existsSync(path.join(target, 'main.js'))) throw e;
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  removeOldBuilds(root, fingerprint);
  return target;
}
