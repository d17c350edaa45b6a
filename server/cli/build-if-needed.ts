import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The SPA is rebuilt when dist/index.html is missing or older than any source of the build.
const sources = ['src', 'locales', 'index.html', 'public'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function needsBuild(root: string, distDir = path.join(root, 'dist')): boolean {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

/** What serve says when a release (no interface sources to build from) has no interface to serve. */
export const noInterfaceMessage = (distDir: string) =>
  `msas: no interface in ${distDir} and no sources to build it from: pages answer 503 until it is there ` +
  `(a release ships it in dist/; STATIC_DIR points elsewhere)`;

// A release ships the built interface and not its sources or vite (docs/DEPLOY.md): nothing to build there.
export function buildIfNeeded(root: string, distDir: string, print: (line: string) => void): void {
  if (!fs.existsSync(path.join(root, 'src'))) {
    if (!fs.existsSync(path.join(distDir, 'index.html'))) print(noInterfaceMessage(distDir));
    return;
  }
  if (!needsBuild(root, distDir)) return;
  print('msas: building the interface (vite build)...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', distDir], {
    cwd: root,
    stdio: 'inherit',
    // A NODE_ENV of test or development would make vite emit a development build of React.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status ?? 'unknown'}`);
}
