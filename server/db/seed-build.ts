import { makeSeed } from './make-seed';

// Run by bin/server-build.js from the new build: `node seed-build.js <build directory>`.
const outDir = process.argv[2];
if (!outDir) throw new Error('usage: seed-build <build directory>');
await makeSeed(outDir);
