import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The server runs either from its TypeScript (this file is server/lib/server-files.ts) or from the build
// (bin/server-build.js: every module is bundled into one flat directory dist-server/<fingerprint>/).
// Files the code opens by path are found here, the same way in both.

const here = fileURLToPath(import.meta.url);
export const runsFromBuild = !here.endsWith('.ts');
const dir = path.dirname(here);
// Two levels up in both: from server/lib/ and from dist-server/<fingerprint>/.
const root = path.resolve(dir, '..', '..');

/** The build's directory (dist-server/<fingerprint>/), null when running from the TypeScript sources. */
export const buildDir = runsFromBuild ? dir : null;

/** A file of the installation (a checkout or a release), by its path under the package's root. */
export function packageFile(relative: string): string {
  return path.join(root, relative);
}

/** A data file of the source tree, by its path under server/ (the build reads it where it lies). */
export function serverFile(relative: string): string {
  return path.join(root, 'server', relative);
}

/**
 * The script of a worker thread, by its path under server/ without extension: the TypeScript file, or the
 * build's entry of the same name (bin/server-build.js lists the entries).
 */
export function serverScript(relative: string): URL {
  const file = runsFromBuild
    ? path.join(dir, `${path.basename(relative)}.js`)
    : path.join(root, 'server', `${relative}.ts`);
  return pathToFileURL(file);
}
