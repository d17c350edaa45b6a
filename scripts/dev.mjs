// npm run dev — the API (tsx watch, restarts on server changes) on API_PORT (8081) and the Vite dev server
// on 5173, which proxies /api, /checks and /healthz to it (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '8081';

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts', 'serve'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, API_PORT: apiPort },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
