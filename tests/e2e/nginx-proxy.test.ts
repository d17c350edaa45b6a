import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { loadZone } from '../fixtures/checks/zones';
import { reportXml } from '../fixtures/dmarc/build-report';
import { multipart } from '../integration/support/multipart';
import { ensureBuilt, repoRoot } from '../support/build';
import { freePort, startServer, type RunningServer } from '../support/server';

// The console behind Debian's nginx with the repository's deploy/nginx/msas.conf (only its ports, paths and
// host name replaced), a self-signed certificate, all on loopback: logins, uploads, Secure cookies, and the
// client address the rate limits see. Clients connect from other loopback addresses (127.0.0.2, ...) so the
// address nginx saw differs from nginx's own (127.0.0.1, the one TRUST_PROXY names).

let dir: string;
let dns: TestDnsServer;
let server: RunningServer;
let nginx: ChildProcess;
let ca: string;
let httpsPort: number;
let httpPort: number;
const checksPerMinute = 2;

/** deploy/nginx/msas.conf with each production value replaced; every one must be found, as often as said. */
function siteConfig(appPort: number): string {
  let conf = fs.readFileSync(path.join(repoRoot, 'deploy', 'nginx', 'msas.conf'), 'utf8');
  const replace = (from: string, to: string, times: number) => {
    expect(conf.split(from).length - 1, from).toBe(times);
    conf = conf.replaceAll(from, to);
  };
  replace('server 127.0.0.1:8080;', `server 127.0.0.1:${appPort};`, 1);
  replace('listen 80;', `listen 127.0.0.1:${httpPort};`, 1);
  replace('listen [::]:80;', '', 1);
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`, 1);
  replace('listen [::]:443 ssl http2;', '', 1);
  replace('server_name msas.example.com;', 'server_name localhost;', 2);
  replace('/etc/letsencrypt/live/msas.example.com/fullchain.pem', path.join(dir, 'cert.pem'), 1);
  replace('/etc/letsencrypt/live/msas.example.com/privkey.pem', path.join(dir, 'key.pem'), 1);
  replace('root /var/www/html;', `root ${path.join(dir, 'acme')};`, 1);
  return conf;
}

// Debian's nginx.conf minus what needs /var and /run: the site above is all of its http block.
function mainConfig(): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (name) => `  ${name}_temp_path ${path.join(dir, `${name}-temp`)};`,
  );
  return [
    // As root, nginx's workers would run as nobody, who cannot write the temp paths in this private folder.
    process.getuid?.() === 0 ? 'user root root;' : '',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  access_log off;',
    ...temp,
    `  include ${path.join(dir, 'msas.conf')};`,
    '}',
  ].join('\n');
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request from a chosen loopback source address; https ones trust only the test's certificate. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? 'GET',
        headers: { host: target.host, ...options.headers },
        localAddress: options.from ?? '127.0.0.2',
        ...(secure ? { ca, servername: 'localhost' } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function untilListening(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`nginx exited: ${nginxLog()}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        if (Date.now() > deadline) reject(new Error(`nginx not listening: ${nginxLog()}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

// Free ports unlike `taken` and one another (freePort alone may give the same one twice).
async function distinctPorts(count: number, taken: number): Promise<number[]> {
  const ports = new Set<number>([taken]);
  while (ports.size <= count) ports.add(await freePort());
  return [...ports].slice(1);
}

const nginxLog = () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
const site = () => `https://localhost:${httpsPort}`;

beforeAll(async () => {
  ensureBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-nginx-'));
  fs.mkdirSync(path.join(dir, 'acme', '.well-known', 'acme-challenge'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'acme', '.well-known', 'acme-challenge', 'token-1'), 'token-1.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  ca = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  dns = await startDnsServer(loadZone('dmarc'));
  const appPort = await freePort();
  [httpsPort, httpPort] = await distinctPorts(2, appPort);
  server = await startServer({
    PORT: String(appPort),
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: '127.0.0.1',
    CHECKS_RATE_LIMIT: String(checksPerMinute),
    DNS_SERVERS: `${dns.host}:${dns.port}`,
  });
  fs.writeFileSync(path.join(dir, 'msas.conf'), siteConfig(server.port));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig());
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  execFileSync('nginx', [...args, '-t'], { stdio: 'pipe' });
  nginx = spawn('nginx', [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  await untilListening(httpsPort, nginx);
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx.once('exit', r));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await server?.stop();
  await dns?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('msas behind deploy/nginx/msas.conf', () => {
  it('sends plain http to https (but ACME challenges) and serves the console over https with Secure cookies', async () => {
    const plain = await call(`http://localhost:${httpPort}/overview?x=1`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://localhost/overview?x=1');
    // ACME http-01 challenges (certificate renewals) stay on http.
    const challenge = await call(`http://localhost:${httpPort}/.well-known/acme-challenge/token-1`);
    expect([challenge.status, challenge.body]).toEqual([200, 'token-1.key']);

    const page = await call(`${site()}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const cookies = page.headers['set-cookie'] ?? [];
    expect(cookies.some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure(;|$)/i);
  });

  it('logs in and takes a report upload larger than the other routes allow', async () => {
    const login = await call(`${site()}/api/ph/authenticate/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: server.adminEmail, password: server.adminPassword }).toString(),
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${(JSON.parse(login.body) as { access: string }).access}` };

    const domain = await call(`${site()}/api/dm/domains/create/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=proxy.example.com',
    });
    expect(domain.status).toBe(201);

    // Above the 4 MB the site allows elsewhere: only the upload location lets it through.
    const now = Math.floor(Date.now() / 1000);
    const records = Array.from({ length: 16_000 }, (_, i) => ({
      ip: `198.51.100.${i % 250}`,
      headerFrom: 'proxy.example.com',
    }));
    const xml = reportXml({
      reportId: 'nginx-1',
      domain: 'proxy.example.com',
      begin: String(now - 86_400),
      end: String(now),
      records,
    });
    const { payload, headers } = multipart([{ name: 'big.xml', bytes: Buffer.from(xml) }]);
    expect(payload.length).toBeGreaterThan(4 * 1024 * 1024);
    const elsewhere = await call(`${site()}/api/dm/domains/create/`, {
      method: 'POST',
      headers: { ...auth, ...headers },
      body: payload,
    });
    expect(elsewhere.status).toBe(413);
    const upload = await call(`${site()}/api/dm/dmarc/reports/upload/`, {
      method: 'POST',
      headers: { ...auth, ...headers },
      body: payload,
    });
    expect(upload.status, upload.body).toBe(200);
    expect(JSON.parse(upload.body).data).toMatchObject([{ file: 'big.xml', status: 'imported' }]);
  });

  it('rate limits by the address nginx saw, and never by an X-Forwarded-For sent straight to msas', async () => {
    const check = (base: string, from: string, forged?: string) =>
      call(`${base}/checks/dmarc/good.test`, {
        from,
        headers: forged ? { 'x-forwarded-for': forged } : {},
      }).then((r) => r.status);

    // Through nginx: each client address has its own allowance; nginx's own address (127.0.0.1) is not one.
    for (let i = 0; i < checksPerMinute; i++) expect(await check(site(), '127.0.0.3')).toBe(200);
    expect(await check(site(), '127.0.0.3')).toBe(429);
    // What a client puts in X-Forwarded-For is replaced by the address it connected from.
    expect(await check(site(), '127.0.0.4', '127.0.0.3')).toBe(200);
    expect(await check(site(), '127.0.0.4', '203.0.113.9')).toBe(200);
    expect(await check(site(), '127.0.0.4', '203.0.113.10')).toBe(429);

    // Straight to msas from an address that is not the proxy: a new forged address each time changes nothing.
    const direct = server.url;
    for (let i = 0; i < checksPerMinute; i++)
      expect(await check(direct, '127.0.0.5', `198.51.100.${i + 1}`)).toBe(200);
    expect(await check(direct, '127.0.0.5', '198.51.100.99')).toBe(429);
  });
});
