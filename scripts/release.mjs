// npm run release [-- DIR]: the release tarball, msas-<version>.tgz in DIR (default: the repository's root).
// It holds the built interface (dist/), the server's build (dist-server/release/, with its database seed),
// the few data files the server reads by path, bin/, the deploy/ files and the docs; no TypeScript. Installed
// with `npm install --omit=dev`, it runs on the production dependencies alone (docs/DEPLOY.md);
// scripts/check-release.sh proves it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, repoRoot } from '../bin/server-build.js';

const destination = path.resolve(process.argv[2] ?? repoRoot);
const run = (command, args, env = process.env) =>
  execFileSync(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], env });

// A NODE_ENV of test or development would make vite emit a development build of React.
run(process.execPath, [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
  ...process.env,
  NODE_ENV: 'production',
});
const build = await buildServer(repoRoot, (line) => console.log(line));
// A fixed name: bin/msas.js finds it without the sources its fingerprint is made of.
const release = path.join(repoRoot, 'dist-server', 'release');
fs.rmSync(release, { recursive: true, force: true });
fs.cpSync(build, release, { recursive: true });

fs.mkdirSync(destination, { recursive: true });
// The lockfile rides along as npm-shrinkwrap.json, which npm honours when it installs the tarball: a release
// runs on the versions the tests ran on, not on whatever the ranges in package.json resolve to that day.
const shrinkwrap = path.join(repoRoot, 'npm-shrinkwrap.json');
fs.copyFileSync(path.join(repoRoot, 'package-lock.json'), shrinkwrap);
let out;
try {
  out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
} finally {
  fs.rmSync(shrinkwrap, { force: true });
}
const [{ filename, size, entryCount }] = JSON.parse(out);
console.log(
  `msas: release ${path.join(destination, filename)} (${entryCount} files, ${Math.round(size / 1024)} kB)`,
);
