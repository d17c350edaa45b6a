import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const distDir = path.join(repoRoot, 'dist');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

// The SPA sources a build depends on; dist/ is rebuilt when any is newer than dist/index.html.
const inputs = ['src', 'locales', 'public', 'index.html', 'vite.config.ts'].map((p) =>
  path.join(repoRoot, p),
);

export function isBuildStale(): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return inputs.some((p) => newestMtime(p) > built);
}

// Builds the SPA with vite when dist/ is missing or older than its sources.
export function ensureBuilt() {
  if (!isBuildStale()) return;
  const r = spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: repoRoot,
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make vite emit a development build (jsxDEV, React dev)
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
}

// The `msas` command: spawned as `node <msasBin> <args>`, it runs the server's build that the global setup
// (server-build.setup.ts) made, or the sources when they changed since.
export const msasBin = path.join(repoRoot, 'bin', 'msas.js');
