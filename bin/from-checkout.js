// A checkout's way to run the server (bin/msas.js comes here when server/main.ts exists): the server's build
// (dist-server/, see server-build.js) when it is fresh, else the TypeScript sources through tsx's loader, so
// a checkout without a build (or with edited sources) still works. `serve --build-if-needed` (npm start)
// makes the build first when it is missing or stale. MSAS_FROM_SOURCES=1 always runs the sources.
// Only a checkout comes here: esbuild and tsx are development dependencies.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, freshBuild, repoRoot } from './server-build.js';

async function chooseBuild() {
  if (process.env.MSAS_FROM_SOURCES === '1') return null;
  const fresh = freshBuild();
  if (fresh || !process.argv.includes('--build-if-needed')) return fresh;
  return buildServer(repoRoot, (line) => console.log(line));
}

const build = await chooseBuild();
if (build) {
  await import(pathToFileURL(path.join(build, 'main.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(repoRoot, 'server', 'main.ts')).href);
}
