// Imported first by a worker thread of a server that runs from its TypeScript sources (a checkout, see
// server/lib/ts-worker.ts): a worker does not inherit the main thread's loader hooks, so it registers tsx's
// loader itself, as from-checkout.js does for the CLI. Kept out of server/ so the server's build never names
// tsx, a development dependency.
const { register } = await import('tsx/esm/api');
register();
