// npm run build (after the interface): the server's build in dist-server/, unless a fresh one exists.
import { buildServer } from '../bin/server-build.js';

const dir = await buildServer(undefined, (line) => console.log(line));
console.log(`msas: server build ${dir}`);
