import { startTestApp, type TestApp } from './support/app';

// /api/docs: the rendered API reference, served from the server's own files (no CDN) under its CSP.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('/api/docs', () => {
  it('answers an HTML page whose scripts, styles and document all load from this server', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'no asset from another origin').not.toMatch(/^(https?:)?\/\//);
      const res = await t.app.inject({ url: new URL(asset, 'http://x/api/docs/').pathname });
      expect(res.statusCode, asset).toBe(200);
      expect(res.body.length, asset).toBeGreaterThan(0);
    }
    // The CSP allows no inline script, so every script must be a file.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).toContain('<title>msas API reference</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('renders the same document as /api/openapi.json', async () => {
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    // The page resolves the document's address against its own (/api/docs/).
    const docUrl = /url: resolveUrl\('([^']+)'\)/.exec(initializer.body)?.[1];
    expect(docUrl).toBeDefined();
    const rendered = await t.app.inject({ url: new URL(docUrl!, 'http://x/api/docs/').pathname });
    const served = await t.app.inject({ url: '/api/openapi.json' });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.json()).toEqual(served.json());
  });
});
