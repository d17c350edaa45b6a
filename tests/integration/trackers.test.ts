import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app';

// The optional web-analytics trackers (spec section 9, docs/OPERATIONS.md "Web analytics"), all three
// configured: the public config call hands them to the interface, and the Content-Security-Policy allows
// exactly their origins. The unconfigured answer is in reputation-ipverify.test.ts.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      PLAUSIBLE_SCRIPT_URL: 'https://plausible.example.net/js/script.js',
      PLAUSIBLE_DOMAIN: 'console.example.com',
      MATOMO_URL: 'https://stats.example.org/matomo',
      MATOMO_SITE_ID: '3',
      UMAMI_SCRIPT_URL: 'https://umami.example.com/script.js',
      UMAMI_WEBSITE_ID: '94db1cb1-74f4-4a40-ad6c-962362670409',
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('configured trackers', () => {
  it('are served to the interface by GET /api/ph/public-config/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ph/public-config/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().trackers).toEqual({
      plausible: { script_url: 'https://plausible.example.net/js/script.js', domain: 'console.example.com' },
      matomo: { url: 'https://stats.example.org/matomo/', site_id: '3' },
      umami: {
        script_url: 'https://umami.example.com/script.js',
        website_id: '94db1cb1-74f4-4a40-ad6c-962362670409',
      },
    });
  });

  it('are allowed by the Content-Security-Policy, for scripts and where they send page views', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ph/public-config/' });
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    const origins = [
      'https://plausible.example.net',
      'https://stats.example.org',
      'https://umami.example.com',
    ];
    for (const name of ['script-src', 'connect-src', 'img-src'])
      expect(directives[name]).toEqual(expect.arrayContaining(["'self'", ...origins]));
    expect(directives['default-src']).toEqual(["'self'"]);
  });
});
