import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
const routes: { method: string; url: string; hidden: boolean }[] = [];
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = route.schema as { hide?: boolean } | undefined;
      for (const method of methods) routes.push({ method, url: route.url, hidden: Boolean(schema?.hide) });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('application shell', () => {
  it('GET /healthz reports the database', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/openapi.json documents exactly the routes the app registered, each with a 2xx answer', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      openapi: string;
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(new Set(documented).size).toBe(documented.length);
    // HEAD is Fastify's automatic twin of each GET; hidden routes are checked in the next test.
    const visible = routes
      .filter((r) => !r.hidden && r.method !== 'HEAD')
      .map((r) => `${r.method} ${openapiPath(r.url)}`);
    expect(visible.length).toBeGreaterThan(50);
    expect([...documented].sort()).toEqual([...new Set(visible)].sort());
    expect(doc.paths['/api/ph/authenticate/']?.post?.requestBody).toBeDefined();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(
          Object.keys(op.responses ?? {}).some((s) => /^2\d\d$/.test(s)),
          `${method.toUpperCase()} ${p} documents no 2xx response`,
        ).toBe(true);
      }
    }
  });

  it('hides only trailing-slash spellings of documented routes', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    // The rendered reference (/api/docs, tests/integration/api-docs.test.ts) is pages, not API.
    const hidden = routes.filter((r) => r.hidden && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
    for (const route of hidden) {
      const twin = openapiPath(route.url).replace(/\/$/, '');
      expect(route.url.endsWith('/'), `${route.method} ${route.url}`).toBe(true);
      expect(doc.paths[twin], `${route.method} ${route.url}`).toHaveProperty(route.method.toLowerCase());
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const unknown = [
      ['GET', '/api/ph/nothing-here/'],
      ['POST', '/api/dm/nothing-here/create/'],
      ['GET', '/api/rep/nothing-here/'],
      ['GET', '/checks/nothing'],
    ] as const;
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const [method, url] of unknown) {
      expect(registered.has(`${method} ${url}`), `${method} ${url} is a route`).toBe(false);
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Not found.' });
    }
  });

  it('answers malformed JSON with a 400 in the DRF shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ph/contact/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ non_field_errors: ['Malformed request.'] });
  });

  it('sends security headers: CSP without external hosts, nosniff, frame denial', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("font-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('issues an XSRF-TOKEN cookie on GET responses until the browser has one', async () => {
    const first = await t.app.inject({ url: '/healthz' });
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
    const second = await t.app.inject({ url: '/healthz', cookies: { 'XSRF-TOKEN': cookie!.value } });
    expect(second.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('answers 503 with a short text for pages while the interface is not built', async () => {
    const res = await t.app.inject({ url: '/msas/analytics/overview' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('The interface is not built: run npm run build');
  });
});

describe('an unexpected error', () => {
  it('is a 500 with a fixed detail and no stack, logged on the server', async () => {
    const app = await startTestApp({
      prepare: (a) => {
        a.get('/api/test/boom', { schema: { hide: true } }, async () => {
          throw new Error('secret internals at /srv/app.ts:42');
        });
      },
    });
    try {
      const res = await app.app.inject({ url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ detail: 'Internal server error.' });
      expect(res.body).not.toContain('internals');
      expect(app.logs.join('')).toContain('secret internals');
    } finally {
      await app.close();
    }
  });
});

describe('the built interface', () => {
  it('serves index.html for history routes (no-cache) and hashed assets as immutable', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-dist-'));
    try {
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
      const built = await startTestApp({ env: { STATIC_DIR: dist } });
      try {
        for (const url of ['/', '/msas/settings/account', '/login?relogin=true', '/404', '/contact_us']) {
          const res = await built.app.inject({ url });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['content-type']).toContain('text/html');
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.body).toContain('id="root"');
        }
        const asset = await built.app.inject({ url: '/assets/index-abc123.js' });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await built.app.inject({ url: '/assets/missing-1.js' })).statusCode).toBe(404);
        expect((await built.app.inject({ url: '/api/ph/nothing/' })).json()).toEqual({
          detail: 'Not found.',
        });
      } finally {
        await built.close();
      }
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
