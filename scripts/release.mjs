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
// The package is packed from a staging folder holding the files `npm pack` would take, with two changes: the
// lockfile rides along as npm-shrinkwrap.json, which npm honours when it installs the tarball (a release runs
// on the versions the tests ran on, not on whatever the ranges in package.json resolve to that day), and the
// development dependencies are left out of both. Otherwise a development package that a production one names
// as an optional peer (typescript, for i18next) is "devOptional" and `npm ci --omit=dev` installs it anyway.
const listing = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }),
);
const staging = fs.mkdtempSync(path.join(destination, '.msas-release-'));
let out;
try {
  for (const { path: file } of listing[0].files) {
    fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(staging, file));
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  delete pkg.devDependencies;
  fs.writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  delete lock.packages[''].devDependencies;
  for (const [where, entry] of Object.entries(lock.packages)) if (entry.dev) delete lock.packages[where];
  // What is left of "devOptional" stays only where a production package depends on it (not as a mere peer).
  const needed = new Set(
    Object.values(lock.packages)
      .filter((entry) => !entry.devOptional)
      .flatMap((entry) => Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })),
  );
  for (const [where, entry] of Object.entries(lock.packages))
    if (entry.devOptional && !needed.has(where.slice(where.lastIndexOf('node_modules/') + 13)))
      delete lock.packages[where];
  fs.writeFileSync(path.join(staging, 'npm-shrinkwrap.json'), JSON.stringify(lock, null, 2));
  out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
    cwd: staging,
    encoding: 'utf8',
  });
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
const [{ filename, size, entryCount }] = JSON.parse(out);
console.log(
  `msas: release ${path.join(destination, filename)} (${entryCount} files, ${Math.round(size / 1024)} kB)`,
);
