import { buildServer } from '../../bin/server-build.js';

// Global setup of the integration and e2e projects: the server's build (dist-server/), made once per run
// when the sources changed, so the `msas` processes tests start (bin/msas.js) skip compiling TypeScript.
export default async function setup() {
  await buildServer();
}
