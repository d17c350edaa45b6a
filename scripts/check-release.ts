// npm run check:release — the release as an operator gets it (docs/DEPLOY.md): `npm run release`, the tarball
// unpacked in a scratch folder and installed with `npm ci --omit=dev` (its npm-shrinkwrap.json), then, on a
// fresh DATA_DIR and from another working directory: migrate, serve, log in, add a domain, upload a report,
// /readyz and one /checks call (against a loopback DNS server: no internet), and a clean stop on SIGTERM.
// Fails on the first thing that goes wrong; the scratch folder is removed in any case.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDnsServer } from '../server/checks/testing/dnsServer';
import { reportXml } from '../tests/fixtures/dmarc/build-report';
import { loadZone } from '../tests/fixtures/checks/zones';
import { freePort } from '../tests/support/server';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Packages a release must run without: the interface's, the build's and the tests'.
const devOnly = ['vite', 'esbuild', 'tsx', 'react', 'vitest', 'mailparser', 'typescript'];

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-release-'));
const step = (text: string) => console.log(`check-release: ${text}`);
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  execFileSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });

function fail(message: string): never {
  throw new Error(message);
}

// Every import of a development package in the build's JavaScript (a static or dynamic import, a require,
// or one in code a worker evaluates): a branch that is never taken still names a package the release lacks.
function devImports(dir: string): string[] {
  const names = devOnly.join('|');
  const specifier = new RegExp(
    `(?:\\bfrom|\\bimport|\\brequire)\\s*\\(?\\s*['"\`]((?:${names})(?:/[^'"\`]*)?)['"\`]`,
    'g',
  );
  const found = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    for (const match of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(specifier))
      found.add(`${match[1]} (${file})`);
  }
  return [...found];
}

async function waitReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`serve exited with ${child.exitCode}:\n${output()}`);
    const res = await fetch(`${url}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`/readyz did not answer 200 within 90 s:\n${output()}`);
}

async function api(url: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function main() {
  step('npm run release');
  run(process.execPath, [path.join(repoRoot, 'scripts', 'release.mjs'), scratch], repoRoot);
  const tarball = fs.readdirSync(scratch).find((f) => f.endsWith('.tgz')) ?? fail('no tarball');
  run('tar', ['xzf', tarball], scratch);
  const pkg = path.join(scratch, 'package');
  step('npm ci --omit=dev in the unpacked release');
  // NODE_ENV=production as on a server: npm then omits dev dependencies even without the flag.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  run(
    'npm',
    ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    pkg,
    env,
  );
  const present = devOnly.filter((name) => fs.existsSync(path.join(pkg, 'node_modules', name)));
  if (present.length) fail(`development packages installed: ${present.join(', ')}`);
  if (fs.existsSync(path.join(pkg, 'server', 'main.ts'))) fail('the release ships TypeScript sources');
  const imported = devImports(path.join(pkg, 'dist-server', 'release'));
  if (imported.length) fail(`the server's build imports development packages: ${imported.join(', ')}`);

  const dataDir = path.join(scratch, 'data');
  // Not the package's folder (systemd's is DATA_DIR): nothing of the package may be found through it.
  const cwd = path.join(scratch, 'cwd');
  fs.mkdirSync(cwd);
  const msas = path.join(pkg, 'bin', 'msas.js');
  const dns = await startDnsServer(loadZone('dmarc'));
  const port = await freePort();
  const password = `Release-${randomBytes(9).toString('base64url')}`;
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    MSAS_ADMIN_EMAIL: 'owner@example.test',
    MSAS_ADMIN_PASSWORD: password,
    DNS_SERVERS: `127.0.0.1:${dns.port}`,
    CHECK_INTERVAL_HOURS: '0',
    LOG_LEVEL: 'warn',
  });
  step('msas migrate');
  run(process.execPath, [msas, 'migrate'], cwd, env);

  step('msas serve --build-if-needed');
  const child = spawn(process.execPath, [msas, 'serve', '--build-if-needed'], { cwd, env, stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, () => out);
    const page = await fetch(`${url}/`);
    if (page.status !== 200 || !(await page.text()).includes('<div id="root">'))
      fail(`GET / is not the interface (${page.status})`);

    const login = await api(`${url}/api/ph/authenticate/`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'owner@example.test', password }),
    });
    const token = String(login.body.access ?? fail(`login: ${login.status} ${JSON.stringify(login.body)}`));
    const domain = await api(`${url}/api/dm/domains/create/`, {
      method: 'POST',
      token,
      body: new URLSearchParams({ name: 'release.example.com' }),
    });
    if (domain.status !== 201) fail(`adding a domain: ${domain.status} ${JSON.stringify(domain.body)}`);
    const form = new FormData();
    const now = Math.floor(Date.now() / 1000);
    const xml = reportXml({
      reportId: 'release-1',
      domain: 'release.example.com',
      begin: String(now - 86_400),
      end: String(now),
    });
    form.append('files', new Blob([xml], { type: 'text/xml' }), 'release.xml');
    const upload = await api(`${url}/api/dm/dmarc/reports/upload/`, { method: 'POST', token, body: form });
    const files = upload.body.data as { status: string }[] | undefined;
    if (upload.status !== 200 || !files?.[0] || !['imported', 'held'].includes(files[0].status))
      fail(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
    step(`upload: ${files[0].status}`);

    const check = await api(`${url}/checks/dmarc/good.test`);
    if (check.status !== 200 || !JSON.stringify(check.body).includes('p=reject'))
      fail(`/checks/dmarc/good.test: ${check.status} ${JSON.stringify(check.body)}`);
    step('/readyz 200, /checks/dmarc/good.test 200');
  } finally {
    child.kill('SIGTERM');
    const code = child.exitCode ?? (await new Promise<number | null>((r) => child.once('exit', r)));
    await dns.close();
    if (code !== 0) fail(`serve stopped with ${code}:\n${out}`);
    step('stopped cleanly');
  }
}

main().then(
  () => {
    fs.rmSync(scratch, { recursive: true, force: true });
    console.log('check-release: ok');
  },
  (error: unknown) => {
    fs.rmSync(scratch, { recursive: true, force: true });
    console.error(`check-release: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
