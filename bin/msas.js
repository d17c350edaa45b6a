#!/usr/bin/env node
// The package's bin. A checkout (server/main.ts is there) runs through from-checkout.js: its build, or its
// TypeScript. A release (npm run release, docs/DEPLOY.md) ships no TypeScript, only the server's build in
// dist-server/release/ and the interface in dist/, and runs with its production dependencies alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const release = path.join(root, 'dist-server', 'release', 'main.js');

if (fs.existsSync(path.join(root, 'server', 'main.ts'))) {
  await import('./from-checkout.js');
} else if (fs.existsSync(release)) {
  await import(pathToFileURL(release).href);
} else {
  console.error(
    `msas: ${root} holds neither the server's sources nor its build (dist-server/release/): reinstall the release`,
  );
  process.exitCode = 1;
}
